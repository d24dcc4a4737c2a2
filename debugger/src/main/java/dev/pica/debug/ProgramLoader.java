package dev.pica.debug;

import dev.pica.asm.Assembler;
import dev.pica.compiler.VariableMap;
import dev.pica.driver.BuildSession;
import dev.pica.driver.InputAliases;
import dev.pica.driver.LinkUnits;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.DiagnosticPrinter;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.IoErrors;
import dev.pica.format.diag.WarningPolicy;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.FormatException;
import dev.pica.format.shbin.InputKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary a launch names: a linked {@code .shbin} as it is, or sources (an SDK source, a
 * picasso unit, a {@code .shlist}, an object) built in memory through the build driver with their
 * line table, as {@code picalink -g} would build them. Nothing is written to disk.
 */
final class ProgramLoader {
    private ProgramLoader() {}

    /** A launch's program could not be loaded: the message says why, with the build's diagnostics. */
    static final class LoadError extends Exception {
        LoadError(String message) {
            super(message);
        }
    }

    /**
     * The binary, the warnings its build printed (empty for a binary read as it is), picasso's
     * {@code .alias} names for inputs from its sources (a build's, or a -debug binary's line
     * table's), and where the GLSL variables of its mains are (empty when none: docs/glsl.md 11).
     */
    record Loaded(Dvlb binary, List<String> warnings, java.util.Map<String, Integer> inputNames, VariableMap variables) {}


    static Loaded load(Path program, List<Path> includeDirs, List<String> defines) throws LoadError {
        if (!Files.isRegularFile(program)) throw new LoadError("the program '" + program + "' does not exist" + (Files.isDirectory(program) ? " as a file (it is a folder)" : ""));
        byte[] data;
        try {
            data = Files.readAllBytes(program);
        } catch (IOException e) {
            throw new LoadError("cannot read the program '" + program + "': " + IoErrors.reason(e));
        }
        switch (InputKind.of(data)) {
            case DVLB -> {
                try {
                    Dvlb binary = DvlbReader.read(data);
                    Diagnostics said = new Diagnostics();
                    VariableMap vars = VariableMap.readBeside(program, binary.program().code(), said);
                    List<String> warnings = new ArrayList<>();
                    for (Diagnostic d : said.list()) warnings.add(DiagnosticPrinter.format(d));
                    return new Loaded(binary, warnings, InputAliases.ofLineTable(binary, program.toAbsolutePath().getParent()), vars == null ? VariableMap.EMPTY : vars);
                } catch (FormatException e) {
                    throw new LoadError(program + ": " + e.getMessage());
                }
            }
            case BINARY -> throw new LoadError(program + ": is not a shader binary (no DVLB magic at offset 0) nor shader source");
            default -> {
                return build(program, includeDirs, defines);
            }
        }
    }

    private static Loaded build(Path program, List<Path> includeDirs, List<String> defines) throws LoadError {
        Diagnostics listed = new Diagnostics();
        List<Path> inputs = program.getFileName().toString().endsWith(".shlist") ? LinkUnits.readShaderList(program, listed).sources()
                : LinkUnits.isPicasso(program) ? LinkUnits.picassoUnit(program, Files::exists) : List.of(program);
        if (listed.hasErrors()) throw new LoadError(text(listed.list()));
        List<Path> dirs = new ArrayList<>(includeDirs);
        if (program.toAbsolutePath().getParent() != null) dirs.add(program.toAbsolutePath().getParent());
        BuildSession session = new BuildSession(Assembler.Options.defaults().withIncludeDirs(dirs).withDefines(defines).withDebug(true), WarningPolicy.DEFAULT, null);
        session.inputOrder(inputs);
        BuildSession.Linked linked = session.link(inputs, true);
        List<Diagnostic> all = new ArrayList<>();
        for (BuildSession.Loaded l : linked.inputs()) all.addAll(l.diagnostics().list());
        all.addAll(linked.diagnostics().list());
        if (!linked.ok()) throw new LoadError("the program '" + program + "' does not build:\n" + text(all));
        try {
            List<String> warnings = new ArrayList<>();
            for (Diagnostic d : all) warnings.add(DiagnosticPrinter.format(d));
            // each GLSL main's map, moved to where the link placed its object
            return new Loaded(DvlbReader.read(linked.binary()), warnings, InputAliases.ofFiles(inputs), session.variables(linked));
        } catch (FormatException e) {
            throw new LoadError(program + ": the built binary does not read back: " + e.getMessage());
        }
    }

    private static String text(List<Diagnostic> diagnostics) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : diagnostics) sb.append(DiagnosticPrinter.format(d));
        return sb.toString().stripTrailing();
    }
}
