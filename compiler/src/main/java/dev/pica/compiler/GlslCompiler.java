package dev.pica.compiler;

import dev.pica.asm.Assembler;
import dev.pica.compiler.backend.Allocator;
import dev.pica.compiler.backend.Backend;
import dev.pica.compiler.front.GlslFrontEnd;
import dev.pica.compiler.spirv.Insn;
import dev.pica.compiler.spirv.Op;
import dev.pica.compiler.spirv.SpirvFormatException;
import dev.pica.compiler.spirv.SpirvModule;
import dev.pica.compiler.translate.CompileError;
import dev.pica.compiler.translate.DebugNames;
import dev.pica.compiler.translate.Translator;
import dev.pica.compiler.vir.Node;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.shbin.Dvoj;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GLSL compiler: a vertex shader through glslang to SPIR-V, our back end to SDK-dialect
 * assembly, and the assembler to a DVOJ object (docs/architecture.md). The verifier runs on
 * every compiled program; a finding there is a compiler bug, reported as an internal error and
 * never written. Thread-safe: all state lives inside one call.
 */
public final class GlslCompiler {
    private GlslCompiler() {}

    public static CompileResult compile(GlslSource source, CompileOptions options) {
        Diagnostics diags = new Diagnostics();
        SourceFile main = SourceFile.ofString(source.name(), source.text());
        ShaderStage stage = source.effectiveStage();
        if (stage == null) {
            diags.error(Problem.GLSL, SourcePos.named(source.name(), 0), "cannot tell the shader stage: name the file .vert or .geom, or add '#pragma shader_stage(vertex)' or '#pragma shader_stage(geometry)'");
            return new CompileResult(null, diags, source.path() == null ? List.of() : List.of(source.path()));
        }
        GlslFrontEnd.Output front = GlslFrontEnd.compile(source, options, true, diags, ColdStart.takeWarmUp());
        if (front.spirv() == null || diags.hasErrors()) return new CompileResult(null, diags, front.filesRead());
        Set<String> auto = autoLocatedUniforms(source, options, front);
        // -g: glslang's module before spirv-opt names the values of main's variables (translate/DebugNames);
        // a geometry shader's declared inputs are read from it too (every one takes its register, read or not)
        int[] unoptimised = options.debugLines() || stage == ShaderStage.GEOMETRY ? GlslFrontEnd.unoptimised(source, options) : null;
        Map<Integer, String> declared = stage == ShaderStage.GEOMETRY ? declaredInputs(unoptimised) : null;
        CompiledShader shader = compileSpirv(front.spirv(), options.debugLines() ? unoptimised : null, source.name(), main, front.files(), auto, declared,
                options, front.filesRead(), diags);
        return new CompileResult(diags.hasErrors() ? null : shader, diags, front.filesRead());
    }

    /**
     * Whether a geometry shader reads its vertices as a vertex shader writes them (docs/glsl.md
     * 12.1): a vertex's registers are the vertex shader's outputs o0, o1, ... in order, so the
     * geometry shader's gl_Position and inputs, by location, must be the vertex shader's
     * gl_Position and outputs, location for location (GLSL's interface matching; on a 3DS a
     * mismatch reads other registers, silently). Null when they match, else why not.
     */
    public static String vertexMismatch(Reflection vertex, Reflection geometry) {
        if (geometry.geometry() == null || vertex.geometry() != null) return null;
        List<Reflection.Output> outs = new java.util.ArrayList<>(vertex.outputs());
        outs.sort(java.util.Comparator.comparingInt(Reflection.Output::register));
        List<Integer> written = outs.stream().map(Reflection.Output::location).toList();
        List<Integer> read = geometry.geometry().vertexLocations();
        if (written.equals(read)) return null;
        return "the geometry shader reads each vertex as " + describe(read, geometry.geometry().vertexRegisters())
                + ", but the vertex shader writes " + describe(written, outs.stream().map(Reflection.Output::name).toList())
                + ": a vertex's registers are the vertex shader's outputs in order (o0 gl_Position, then by location), so declare the same locations in both (docs/glsl.md 12.1)";
    }

    /**
     * {@link #vertexMismatch} as the error a link reports: at the first declaration that does not
     * match, with its line and a caret: the geometry shader's input read where the vertex shader
     * writes another output (or none), else the vertex shader's output the geometry shader does
     * not read; at the geometry shader's name when neither is declared in its main file. Null
     * when they match.
     */
    public static Diagnostic interfaceMismatch(GlslSource vertexSource, Reflection vertex, GlslSource geometrySource, Reflection geometry) {
        String why = vertexMismatch(vertex, geometry);
        if (why == null) return null;
        List<Reflection.Output> outs = new java.util.ArrayList<>(vertex.outputs());
        outs.sort(java.util.Comparator.comparingInt(Reflection.Output::register));
        List<Integer> read = geometry.geometry().vertexLocations();
        int k = 0;
        while (k < read.size() && k < outs.size() && read.get(k) == outs.get(k).location()) k++;
        GlslSource at = k < read.size() ? geometrySource : vertexSource;
        int[] decl = at.declaration(k < read.size() ? geometry.geometry().vertexRegisters().get(k) : outs.get(k).name());
        SourcePos pos = decl == null ? SourcePos.named(geometrySource.name(), 0)
                : SourcePos.of(SourceFile.ofString(at.name(), at.text()), decl[0], decl[1], null);
        return new Diagnostic(Diagnostic.Severity.ERROR, pos, why, Problem.SHADER_INTERFACE);
    }

    private static String describe(List<Integer> locations, List<String> names) {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < locations.size(); k++) {
            s.append(k == 0 ? "" : ", ").append(locations.get(k) < 0 ? "gl_Position" : names.get(k) + " (location " + locations.get(k) + ")");
        }
        return s.toString();
    }

    /** What {@link #preprocess} gives: glslang's preprocessed text (null after errors), its diagnostics, and the files read. */
    public record Preprocessed(String text, Diagnostics diagnostics, List<java.nio.file.Path> filesRead) {}

    /** The source through glslang's preprocessor alone (macros, includes, #if), as {@code picacc -E} prints it. */
    public static Preprocessed preprocess(GlslSource source, CompileOptions options) {
        Diagnostics diags = new Diagnostics();
        GlslFrontEnd.Preprocessed p = GlslFrontEnd.preprocess(source, options, diags);
        return new Preprocessed(diags.hasErrors() ? null : p.text(), diags, p.filesRead());
    }

    private static final Pattern EXPLICIT = Pattern.compile("layout\\s*\\([^)]*\\blocation\\b[^)]*\\)[^;{]*\\buniform\\b");
    private static final Pattern PINNED = Pattern.compile("layout\\s*\\([^)]*\\blocation\\b[^)]*\\)[^;{]*\\buniform\\b[^;]*?(\\w+)\\s*(\\[[^]]*\\])?\\s*;");
    private static final Pattern NEEDS_LOCATION = Pattern.compile("'([^']+)' : non-opaque uniform variables need a layout\\(location=L\\)");

    /**
     * The uniforms whose location glslang's auto-mapping chose (so they are laid out by the
     * compiler, not pinned): when a source writes a uniform location at all, a second run of
     * glslang without auto-mapping names the others in its errors.
     */
    private static Set<String> autoLocatedUniforms(GlslSource source, CompileOptions options, GlslFrontEnd.Output front) {
        boolean explicit = false;
        for (SourceFile f : front.files().values()) explicit |= EXPLICIT.matcher(f.text()).find();
        Set<String> auto = new HashSet<>();
        if (!explicit) {
            auto.add("*");
            return auto;
        }
        Diagnostics probe = new Diagnostics();
        GlslFrontEnd.compile(source, options, false, probe);
        for (Diagnostic d : probe.list()) {
            Matcher m = NEEDS_LOCATION.matcher(d.message());
            if (m.find()) auto.add(m.group(1));
        }
        return auto;
    }

    /**
     * A geometry shader's declared per-vertex inputs by location (name), read from glslang's
     * SPIR-V before spirv-opt drops the ones never read: each still takes its register of a vertex.
     */
    private static Map<Integer, String> declaredInputs(int[] words) {
        Map<Integer, String> declared = new java.util.TreeMap<>();
        if (words == null) return declared;
        try {
            SpirvModule m = SpirvModule.read(words);
            for (Map.Entry<Integer, Insn> g : m.globals.entrySet()) {
                if (g.getValue().word(2) != dev.pica.compiler.spirv.Op.Input || m.decorated(g.getKey(), dev.pica.compiler.spirv.Op.BuiltIn)) continue;
                int loc = m.decoration(g.getKey(), dev.pica.compiler.spirv.Op.Location, -1);
                if (loc >= 0) declared.put(loc, m.names.getOrDefault(g.getKey(), "%" + g.getKey()));
            }
        } catch (SpirvFormatException e) {
            // the optimised module's own inputs then stand
        }
        return declared;
    }

    /** The back end alone, from SPIR-V words (tests run it on committed fixtures without natives). */
    public static CompileResult compileSpirv(int[] spirv, GlslSource source, CompileOptions options) {
        Diagnostics diags = new Diagnostics();
        SourceFile main = SourceFile.ofString(source.name(), source.text());
        // which uniforms the text pins: a layout(location) on the line declaring them
        Set<String> auto = new HashSet<>();
        auto.add("*");
        for (String l : source.text().split("\n")) {
            Matcher m = PINNED.matcher(l);
            if (m.find()) auto.add("!" + m.group(1));
        }
        List<java.nio.file.Path> read = source.path() == null ? List.of() : List.of(source.path());
        CompiledShader s = compileSpirv(spirv, null, source.name(), main, Map.of(source.name(), main), auto, null, options, read, diags);
        return new CompileResult(diags.hasErrors() ? null : s, diags, read);
    }

    private static CompiledShader compileSpirv(int[] spirv, int[] unoptimised, String name, SourceFile main, Map<String, SourceFile> files, Set<String> auto,
                                               Map<Integer, String> declaredInputs, CompileOptions options, List<java.nio.file.Path> read, Diagnostics diags) {
        SpirvModule module;
        try {
            module = SpirvModule.read(spirv);
        } catch (SpirvFormatException e) {
            diags.error(Problem.COMPILER_INTERNAL, SourcePos.named(name, 0), "glslang's SPIR-V cannot be read: " + e.getMessage());
            return null;
        }
        if (auto.contains("*")) {
            Set<String> all = new HashSet<>();
            for (Map.Entry<Integer, Insn> g : module.globals.entrySet()) {
                String n = module.names.get(g.getKey());
                if (n != null && !auto.contains("!" + n)) all.add(n);
            }
            auto = all;
        }
        // a program that needs more operand descriptors than the hardware holds with the registers
        // packed is tried again with the identity lanes first (Allocator.Placement) and its MADs'
        // rarest operand forms copied (Backend, MadDescriptors): the second try is kept when it
        // compiles, else the first's diagnostics stand (the descriptor error at its GLSL line)
        Diagnostics first = new Diagnostics();
        CompiledShader s = attempt(module, unoptimised, name, main, files, auto, declaredInputs, options, read, first, Allocator.Placement.PACKED);
        if (first.list().stream().anyMatch(d -> d.problem() == Problem.DESCRIPTOR_LIMIT)) {
            Diagnostics second = new Diagnostics();
            CompiledShader again = attempt(module, unoptimised, name, main, files, auto, declaredInputs, options, read, second, Allocator.Placement.LANES);
            if (again != null) {
                first = second;
                s = again;
            }
        }
        for (Diagnostic d : first.list()) diags.add(d);
        return s;
    }

    /** One try of the back end over the module, with the allocator's placement order {@code placement}. */
    private static CompiledShader attempt(SpirvModule module, int[] unoptimised, String name, SourceFile main, Map<String, SourceFile> files, Set<String> auto,
                                          Map<Integer, String> declaredInputs, CompileOptions options, List<java.nio.file.Path> read, Diagnostics diags,
                                          Allocator.Placement placement) {
        Translator t = new Translator(module, auto, main.text(), name);
        if (unoptimised != null) {
            try {
                t.debugNames = DebugNames.of(SpirvModule.read(unoptimised), module);
            } catch (SpirvFormatException e) {
                // no names: the variables scope is empty, the registers are still there
            }
        }
        if (declaredInputs != null) t.declaredVertexInputs(declaredInputs);
        String asmName = name + ".s";
        try {
            List<Node> program = t.translate();
            for (Object[] w : t.warnings) diags.warning(Problem.GLSL, pos(module, files, main, (int) w[0]), (String) w[1]);
            Backend.Output out = Backend.run(program, t.shaderInterface(), t.loopRegisters, t.uniformRegisters, t.nextRegister(),
                    options.optimize(), module.lineFiles, files, name, t.bindings, placement);
            Assembler.Result a = Assembler.assemble(SourceFile.ofString(asmName, out.assembly()), Assembler.Options.defaults().withDebug(options.debugLines()));
            boolean bad = false;
            for (Diagnostic d : a.diagnostics().list()) {
                if (d.severity() == Diagnostic.Severity.NOTE) continue;
                bad = true;
                if (d.problem() == Problem.PROGRAM_SIZE || d.problem() == Problem.DESCRIPTOR_LIMIT) {
                    // a limit of the hardware, not a bug: said at the GLSL line the assembly's comments name
                    diags.error(d.problem(), glslPosOf(out.assembly(), d.pos().line(), files, main), limitMessage(d, out.assembly()));
                    continue;
                }
                diags.error(Problem.COMPILER_INTERNAL, SourcePos.named(name, 0), "internal compiler error, please report it: the compiled assembly has a problem: "
                        + d.pos() + ": " + d.message());
            }
            if (bad || a.object() == null) return null;
            Dvoj obj = a.object();
            return new CompiledShader(obj, out.assembly(), read, t.shaderInterface().reflection(), out.variables());
        } catch (CompileError e) {
            diags.error(e.problem, pos(module, files, main, e.line), e.getMessage());
            return null;
        } catch (RuntimeException e) {
            // SPIR-V that glslang would not write (a corrupt fixture): said, never a stack trace
            diags.error(Problem.COMPILER_INTERNAL, pos(module, files, main, t.line()), "internal compiler error, please report it: the SPIR-V cannot be translated ("
                    + e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "") + ")");
            return null;
        }
    }

    /** The GLSL position the #line marker above an assembly line names (the main file when none). */
    static SourcePos glslPosOf(String assembly, int asmLine, Map<String, SourceFile> files, SourceFile main) {
        String[] lines = assembly.split("\n", -1);
        Pattern marker = Pattern.compile("^#line (\\d+) \"(.*)\"$");
        for (int k = Math.min(asmLine, lines.length) - 1; k >= 0; k--) {
            Matcher m = marker.matcher(lines[k]);
            if (m.find()) return at(files.getOrDefault(m.group(2), main), Integer.parseInt(m.group(1)));
        }
        return SourcePos.named(main.name(), 0);
    }

    /** A position key of the module (file and line) as a position in that GLSL file. */
    private static SourcePos pos(SpirvModule module, Map<String, SourceFile> files, SourceFile main, int key) {
        if (SpirvModule.lineOf(key) <= 0) return SourcePos.named(main.name(), 0);
        int f = SpirvModule.fileOf(key);
        String name = f < module.lineFiles.size() ? module.lineFiles.get(f) : main.name();
        return at(files.getOrDefault(name, main), SpirvModule.lineOf(key));
    }

    private static String limitMessage(Diagnostic d, String assembly) {
        if (d.problem() == Problem.DESCRIPTOR_LIMIT && d.message().contains("used by mad")) {
            // MAD's descriptor field has 5 bits: its descriptors are the table's first 32 (spec/isa.md)
            return "the program's multiply-adds need more operand descriptors (distinct swizzles, negations and masks) than the 32 a MAD can name: "
                    + "use fewer distinct swizzles in products that are added to (a * b + c, mix, smoothstep, the built-ins' polynomials), or split the shader";
        }
        if (d.problem() == Problem.DESCRIPTOR_LIMIT) {
            return "the program needs more operand descriptors (distinct swizzles, negations and masks) than the 128 the hardware holds: "
                    + "use fewer distinct swizzles, or split the shader";
        }
        long words = assembly.lines().filter(l -> !l.isBlank() && !l.strip().startsWith("//") && !l.strip().startsWith("#") && !l.strip().startsWith("def")
                && !l.strip().endsWith(":") && !l.strip().equals("else") && !l.strip().equals("endif") && !l.strip().equals("endloop")).count();
        boolean geometry = assembly.contains("#pragma gs_assemble_as_geometry_shader");
        return "the program takes " + words + " words where a " + (geometry ? "geometry shader holds " + dev.pica.format.isa.Limits.CODE_WORDS : "vertex shader holds 512")
                + " (this line passes the limit): "
                + "shorten it (fewer unrolled operations, fewer built-ins such as sin or atan, which take 10-20 words each)";
    }

    private static SourcePos at(SourceFile f, int line) {
        if (line <= 0) return SourcePos.named(f.name(), 0);
        String l = f.line(line);
        int col = 0;
        if (l != null) {
            while (col < l.length() && Character.isWhitespace(l.charAt(col))) col++;
            col = col < l.length() ? col + 1 : 0;
        }
        return SourcePos.of(f, line, col, null);
    }
}
