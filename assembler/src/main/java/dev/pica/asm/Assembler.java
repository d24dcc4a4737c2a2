package dev.pica.asm;

import dev.pica.asm.ir.Declaration;
import dev.pica.asm.ir.Item;
import dev.pica.asm.ir.LoweredFile;
import dev.pica.asm.ir.Statement;
import dev.pica.asm.picasso.PicassoBuild;
import dev.pica.asm.pp.PreprocessedSource;
import dev.pica.asm.pp.Preprocessor;
import dev.pica.asm.pp.SourceFiles;
import dev.pica.format.diag.Diagnostic;
import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Outcome;
import dev.pica.format.diag.SourceFile;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.verify.Program;
import dev.pica.format.verify.Verifier;
import java.nio.file.Path;
import java.util.List;

/**
 * The assembler pipeline: preprocess, parse, translate to IR (a picasso source: lowered by picasso's model), lay out and encode, DVOJ.
 * One call assembles one source file; all state lives inside the call.
 */
public final class Assembler {
    private Assembler() {}

    /**
     * @param includeDirs -I directories in order
     * @param defines     -D options in order, "NAME" or "NAME=VALUE"
     * @param debug       mark the object as assembled with -debug (line info is always present)
     * @param verify      run the control-flow verifier (off only to rebuild an existing binary as it is)
     * @param dialect     the source dialect, or null: by the file's name (.pica is picasso's)
     * @param companions  picasso-dialect sources given before this one in the same run: as
     *                    picasso assembles its inputs together, they share vertex uniforms
     *                    (same name, same register) and their procedures may be called
     * @param sources     where #include files are read from (the disk, or an editor's unsaved text first)
     */
    public record Options(List<Path> includeDirs, List<String> defines, boolean debug, boolean verify, Dialect dialect,
                          List<Path> companions, SourceFiles sources) {
        public Options {
            includeDirs = List.copyOf(includeDirs);
            defines = List.copyOf(defines);
            companions = List.copyOf(companions);
        }

        /** -I directories, in search order. */
        public Options withIncludeDirs(List<Path> dirs) {
            return new Options(dirs, defines, debug, verify, dialect, companions, sources);
        }

        /** -D definitions, "NAME" or "NAME=VALUE", in order. */
        public Options withDefines(List<String> d) {
            return new Options(includeDirs, d, debug, verify, dialect, companions, sources);
        }

        /** Mark the object as assembled with -debug. */
        public Options withDebug(boolean d) {
            return new Options(includeDirs, defines, d, verify, dialect, companions, sources);
        }

        /** Run the control-flow verifier (off only to rebuild an existing binary as it is). */
        public Options withVerify(boolean v) {
            return new Options(includeDirs, defines, debug, v, dialect, companions, sources);
        }

        public Options withCompanions(List<Path> earlier) {
            return new Options(includeDirs, defines, debug, verify, dialect, earlier, sources);
        }

        /** Every source read in this dialect; null (the default) decides by each file's name. */
        public Options withDialect(Dialect d) {
            return new Options(includeDirs, defines, debug, verify, d, companions, sources);
        }

        /** The dialect this file is read in. */
        public Dialect dialectOf(SourceFile f) {
            return dialect != null ? dialect : Dialect.ofFileName(f.name());
        }

        /** Included files read through {@code files} (an editor's unsaved buffers) instead of the disk. */
        public Options withSources(SourceFiles files) {
            return new Options(includeDirs, defines, debug, verify, dialect, companions, files);
        }

        /** No include directories or definitions, no -debug, verified, the dialect by file name, includes from the disk. */
        public static Options defaults() {
            return new Options(List.of(), List.of(), false, true, null, List.of(), SourceFiles.DISK);
        }

        /** The options of a faithful rebuild: the words as they are, hazards included. */
        public static Options unverified() {
            return defaults().withVerify(false);
        }
    }

    /**
     * The object (null if there were errors), the preprocessed text, every file read, and the
     * program the verifier's early run read (null if it did not run): a link of the object alone
     * over the same program need not run it again ({@link dev.pica.format.verify.Program#sameFindingsAs}).
     */
    public record Result(Dvoj object, PreprocessedSource preprocessed, Diagnostics diagnostics, Program verified) implements Outcome<Dvoj> {
        public Result(Dvoj object, PreprocessedSource preprocessed, Diagnostics diagnostics) {
            this(object, preprocessed, diagnostics, null);
        }

        @Override
        public Dvoj value() {
            return object;
        }
    }

    /**
     * Runs only the preprocessor (-E). A picasso-dialect source has no preprocessor: -E shows what
     * is assembled, its lowering to the IR, as SDK-dialect source.
     */
    public static PreprocessedSource preprocess(SourceFile file, Options options, Diagnostics diags) {
        if (options.dialectOf(file) == Dialect.PICASSO) {
            LoweredFile l = PicassoObject.lower(file, options.companions(), diags);
            return l != null ? PicassoObject.printed(file, l) : PicassoObject.unpreprocessed(file);
        }
        return new Preprocessor(options.includeDirs(), options.defines(), options.sources(), diags).run(file);
    }

    public static Result assemble(SourceFile file, Options options) {
        return assemble(file, options, new Diagnostics());
    }

    public static Result assemble(SourceFile file, Options options, Diagnostics diags) {
        if (options.dialectOf(file) == Dialect.SDK && (DialectMixups.picassoTextReadAsSdk(file, diags) || DialectMixups.semicolonCommentInSdk(file, diags))) {
            return new Result(null, PicassoObject.unpreprocessed(file), diags);
        }
        PreprocessedSource pre;
        boolean geometry;
        Declarations decls;
        List<Item> items;
        if (options.dialectOf(file) == Dialect.PICASSO) {
            // picasso's statements lower to the same IR; its model has done the parsing and the checks of its own
            pre = PicassoObject.unpreprocessed(file);
            LoweredFile l = PicassoObject.lower(file, options.companions(), diags);
            if (l == null || diags.hasErrors()) return new Result(null, pre, diags);
            geometry = l.geometry();
            decls = new Declarations(diags, geometry);
            for (Declaration d : l.declarations()) decls.declare(d);
            items = l.items();
        } else {
            Preprocessor pp = new Preprocessor(options.includeDirs(), options.defines(), options.sources(), diags);
            pre = pp.run(file);
            if (diags.saturated() || pp.stoppedEarly()) return new Result(null, pre, diags);
            List<Statement> statements = SourceParser.parse(pre, diags);
            geometry = false;
            for (Statement s : statements) geometry |= s instanceof Statement.Pragma p && Declarations.isGeometryPragma(p);
            decls = new Declarations(diags, geometry);
            items = new StatementTranslator(diags, decls, geometry, pre.macroNames()).translate(statements);
        }
        CodeGenerator gen = new CodeGenerator(diags, decls, geometry);
        Dvoj obj = gen.generate(items, file.recordName(), options.debug());
        // the early run of the verifier: imports are unknown subroutines until the link
        Program early = options.verify() && !diags.hasErrors() ? Program.ofObject(obj, gen.positions()) : null;
        if (early != null) Verifier.verify(early, diags);
        for (dev.pica.format.diag.Diagnostic h : gen.hints) diags.add(h);
        return new Result(diags.hasErrors() ? null : obj, pre, diags, early);
    }
}
