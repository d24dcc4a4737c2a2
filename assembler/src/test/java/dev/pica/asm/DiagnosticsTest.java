package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pica.format.diag.Diagnostic;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One test per semantic check of sdk-dialect.md section 11: the exact message and its line. */
class DiagnosticsTest {

    /** Asserts the source fails with exactly this first error on this line. */
    private static void error(String source, int line, String message) {
        Assembler.Result r = Asm.run(source.replace("\\n", "\n"));
        assertNull(r.object(), "no object on error");
        List<Diagnostic> errs = r.diagnostics().list().stream().filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
        assertTrue(!errs.isEmpty(), "expected an error: " + message);
        assertEquals(message, errs.get(0).message(), Asm.printed(r));
        if (line > 0) assertEquals(line, errs.get(0).pos().line(), Asm.printed(r));
    }

    private static void warning(String source, String message) {
        Assembler.Result r = Asm.run(source.replace("\\n", "\n"));
        assertTrue(r.ok(), Asm.printed(r));
        assertTrue(r.diagnostics().list().stream().anyMatch(d -> d.severity() == Diagnostic.Severity.WARNING && d.message().equals(message)),
                () -> "expected warning '" + message + "' in\n" + Asm.printed(r));
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // 11.1 preprocessor and syntax
        "#include \"nothere.h\"| 1 | cannot open include file 'nothere.h'",
        "#endif| 1 | unbalanced conditional directive",
        "#if 1\\n#else\\n#elif 1\\n#endif| 3 | unbalanced conditional directive",
        "nop\\n#if 1\\nnop| 2 | unterminated #if",
        "nop /* open| 1 | unterminated comment",
        "#define F(a, b) a\\nmov r0, F(r1)| 2 | macro 'F' expects 2 arguments, got 1",
        "#frobnicate| 1 | unknown preprocessor directive 'frobnicate'",
        "#if 1 +| 1 | invalid expression in #if",
        "#if 1 / 0\\n#endif| 1 | invalid expression in #if",
        "#error stop here| 1 | #error stop here",
        "frob r0, r1| 1 | unknown instruction 'frob'",
        "movv r0, r1| 1 | unknown instruction 'movv'; did you mean 'mov'?",
        "nrn r0, r1| 1 | unknown instruction 'nrn'; did you mean 'nrm'?",
        "Endlop| 1 | unknown instruction 'Endlop'; did you mean 'endloop'?",
        "mov r0| 1 | 'mov' expects 2 operands: mov dst, src",
        "add r0, r1, r2, r3| 1 | 'add' expects 3 operands: add dst, src1, src2",
        "mov r0, r1 ; comment| 1 | ';' starts a comment in picasso's dialect only: the SDK dialect comments with // (or /* */)",
        "cmp 0x, 0, r0, r1| 1 | invalid number '0x'",
        // 11.2 registers and operands
        "mov r0, c96| 1 | 'c96' is not a valid float uniform (c0-c95)",
        "mov r16, r0| 1 | 'r16' is not a valid temporary register (r0-r15)",
        "mov r0, v16| 1 | 'v16' is not a valid input register (v0-v15)",
        "loop i4\\nnop\\nendloop| 1 | 'i4' is not a valid integer uniform (i0-i3)",
        "mov v0, r0| 1 | invalid destination register 'v0'",
        "mov c0, r0| 1 | invalid destination register 'c0'",
        "mov r0, o1| 1 | invalid register class for this operand: 'o1'",
        "mov r0, b1| 1 | invalid register class for this operand: 'b1'",
        "ifb i0\\nnop\\nendif| 1 | invalid register class for this operand: 'i0'",
        "loop b0\\nnop\\nendloop| 1 | invalid register class for this operand: 'b0'",
        "add r0, c0, c1| 1 | only one constant register can be read here: 'c1'",
        "add r0, c0, c0| 1 | only one constant register can be read here: 'c0'",
        "mad r0, r1, c0, c1| 1 | only one constant register can be read here: 'c1'",
        "dphi r0, c0, r1| 1 | only one constant register can be read here: 'c0'",
        "mul r0, v0, v1| 1 | two different input registers in one instruction: 'v0', 'v1'",
        "mov r0, r1.xyzwx| 1 | invalid swizzle 'xyzwx'",
        "mov r0, r1.rgba| 1 | invalid swizzle 'rgba'",
        "mov r0.zx, r1| 1 | invalid destination mask 'zx'",
        "mov r0.xx, r1| 1 | invalid destination mask 'xx'",
        "mov -r0, r1| 1 | destination cannot be negated",
        "mov r0, r1[a0.x]| 1 | relative addressing only applies to one c operand",
        "add r0, c0[a0.x], c1[aL]| 1 | relative addressing only applies to one c operand",
        "add r0, c0[a0.x], r1[aL]| 1 | relative addressing only applies to one c operand",
        "mov r0, c95[1]| 1 | register offset out of range: 'c95[1]'",
        "#define T r5.zw\\nmov r0, T[1]| 2 | cannot apply '[1]' to an operand that already has a suffix",
        "#define D r5.x\\nmov D.y, r1| 2 | cannot apply '.y' to an operand that already has a suffix",
        // 11.3 labels, blocks, flow
        "a:\\nnop\\na:\\nnop| 3 | duplicate label 'a'",
        "main:\\ncall s\\nend\\nendmain:\\ns:\\nnop| 2 | call target 's' has no following 'ret'",
        "s:\\nret\\nmain:\\ncall s\\nend\\nendmain:| 4 | subroutine 's' is empty",
        "else| 1 | 'else' without matching 'ifc/ifb'",
        "endif| 1 | 'endif' without matching 'ifc/ifb'",
        "endloop| 1 | 'endloop' without matching 'loop'",
        "ifb b0\\nnop\\nelse\\nnop\\nelse\\nnop\\nendif| 5 | 'else' without matching 'ifc/ifb'",
        "loop i0\\nnop\\nendif| 3 | 'endif' without matching 'ifc/ifb'",
        "ifb b0\\nnop| 1 | unclosed 'ifb' block",
        "loop i0\\nnop| 1 | unclosed 'loop' block",
        "ifb b0\\nendif| 2 | empty 'ifb' block",
        "loop i0\\nendloop| 2 | empty 'loop' block",
        // the verifier's block-end rules (F-LOST, F-SAME), in the assembler's early run of it
        "s:\\nnop\\nret\\nmain:\\nifb b0\\ncall s\\nendif\\nend\\nendmain:| 6 | 'call' cannot be the last instruction of a block; add a nop; path: test.vsh:5 -> test.vsh:6",
        "main:\\ncall s\\nend\\nendmain:\\ns:\\nnop\\njpb b0, s\\nret| 7 | 'jpb' cannot be the last instruction of a block; add a nop; path: test.vsh:2 -> test.vsh:6 (call) -> test.vsh:7",
        "loop i0\\nnop\\nbreakc 1, 1, 2\\nendloop| 3 | 'breakc' cannot be the last instruction of a loop; add a nop",
        "main:\\nifb b0\\nloop i0\\nnop\\nendloop\\nendif\\nend\\nendmain:| 4 | nested blocks end on the same instruction; add a nop; path: test.vsh:2 -> test.vsh:4",
        "ifc 2, 0, 0\\nnop\\nendif| 1 | invalid condition operand '2'",
        "ifc 0, 0, 4\\nnop\\nendif| 1 | invalid condition operand '4'",
        "cmp 6, 0, r0, r1| 1 | invalid condition operand '6'",
        "ifb !b0\\nnop\\nendif| 1 | 'ifb' cannot test an inverted boolean",
        "s:\\nnop\\nret\\ncallb !b0, s\\nnop| 4 | 'callb' cannot test an inverted boolean",
        // 11.4 structure and limits
        "endmain:| 1 | 'endmain' without 'main'",
        "main:\\nend| 1 | missing 'endmain:' label",
        "vout| 1 | 'vout' is only allowed in a geometry shader",
        "smf 0, 0, 0| 1 | 'smf' is only allowed in a geometry shader",
        // 11.5 directives
        "#pragma bind_symbol(x, r0)| 1 | invalid register range in bind_symbol",
        "#pragma bind_symbol(x.xz, c0)| 1 | component suffix 'xz' must be contiguous",
        "#pragma bind_symbol(x, c3, c1)| 1 | invalid register range in bind_symbol",
        "#pragma bind_symbol(x, c0, i1)| 1 | invalid register range in bind_symbol",
        "#pragma bind_symbol(x, c0)\\n#pragma bind_symbol(x, c1)| 2 | symbol 'x' already bound",
        "#pragma bind_symbol(a.xy, c0)\\n#pragma bind_symbol(b.yz, c0)| 2 | register 'c0.y' already bound to 'a.xy'",
        "#define MAT c0\\n#pragma bind_symbol(M, MAT)| 2 | pragma arguments are not macro-expanded: 'MAT' is not a register",
        "#pragma bind_symbol(x, c0)\\ndef c0, 1, 1, 1, 1| 2 | 'c0' is bound by bind_symbol and cannot be defined",
        "def c0, 1, 1, 1, 1\\n#pragma bind_symbol(x, c0)| 1 | 'c0' is bound by bind_symbol and cannot be defined",
        "def c0, 1, 1, 1, 1\\ndef c0, 1, 1, 1, 2| 2 | 'c0' defined twice with different values",
        "def c0, 1, 1, 1| 1 | 'def' expects 5 operands: def cN, x, y, z, w",
        "def c0, 1, 1, 1, abc| 1 | invalid constant value 'abc'",
        "def c0, 1, 1, 1, 0x1000000| 1 | invalid constant value '0x1000000'",
        "defi i0, 256, 0, 0| 1 | invalid constant value '256'",
        "defb b0, maybe| 1 | invalid constant value 'maybe'",
        "#pragma output_map(colour, o0)| 1 | unknown output semantic 'colour'; did you mean 'color'?",
        "#pragma output_map(position, o0)\\n#pragma output_map(color, o0.w)| 2 | output 'o0.w' mapped twice",
        "#pragma output_map(position, o7)| 1 | register 'o7' can only carry generic data",
        "#pragma gs_data_mode(0)| 1 | invalid geometry shader pragma",
        "#pragma gs_assemble_as_geometry_shader\\n#pragma gs_data_mode(1, 0)| 2 | invalid geometry shader pragma",
        "#pragma gs_assemble_as_geometry_shader\\nmov o7, r0| 2 | 'o7' is not a valid output register (o0-o6)",
        "def c93, 1, 1, 1, 1\\nsincos r0.xy, r1.x, r2, r3| 2 | sincos needs c93-c95, which are already used",
    })
    void errors(String source, int line, String message) {
        error(source, line, message);
    }

    @Test
    void warnings() {
        warning("#pragma output_map(position, o0)\n#pragma output_map(color, o2)\nmain:\nmov o0, r0\nmov o2, r0\nend\nendmain:\n",
                "output registers are not contiguous from o0; homebrew loaders will mis-map them");
        warning("#pragma output_map(color, o1)\nmain:\nmov r0, c0\nmov o1.xy, r0\nend\nendmain:\n", "output 'o1.zw' is never written");
        warning("#pragma frobnicate\n", "unknown pragma 'frobnicate' ignored");
        // stylistic: only with -Wextra
        assertEquals(List.of(), Asm.messages(Asm.run("def c0, 1, 1, 1, 1\ndef c0, 1, 1, 1, 1\n")));
        dev.pica.format.diag.Diagnostics extra = new dev.pica.format.diag.Diagnostics();
        extra.policy(dev.pica.format.diag.WarningPolicy.of(false, List.of("extra")));
        Assembler.assemble(dev.pica.format.diag.SourceFile.ofString("t.vsh", "def c0, 1, 1, 1, 1\ndef c0, 1, 1, 1, 1\n"), Assembler.Options.defaults(), extra);
        assertEquals("'c0' defined twice with the same value", extra.list().get(0).message(), extra.list().toString());
        warning("#pragma gs_assemble_as_geometry_shader\n#pragma bind_symbol(flag, b15)\n", "b15 is set by hardware in a geometry shader");
        warning("#define A 1\n#define A 2\n", "macro 'A' redefined (previous definition at test.vsh:1:9)");
        warning("nop // comment \\\nnop\n", "'//' comment continues on the next line because it ends in a backslash");
    }

    @Test
    void programTooLong() {
        error("nop\\n".repeat(513), 513, "program too long: 513 words (limit 512)");
        assertTrue(Asm.run("#pragma gs_assemble_as_geometry_shader\n" + "nop\n".repeat(600)).ok());
    }

    @Test
    void codeAddressesBeyondTwelveBits() {
        String gs = "#pragma gs_assemble_as_geometry_shader\n";
        // an if whose end lies at word 4096 cannot be encoded (DST is 12 bits)
        error(gs + "nop\n".repeat(4093) + "ifb b0\nnop\nnop\nendif\n", 4095, "code address 4096 out of range");
        // a label at 4096 in the label table (a 32-bit field) is fine
        assertTrue(Asm.run(gs + "main:\n" + "nop\n".repeat(4094) + "end\nendmain:\n").ok());
    }

    @Test
    void tooManyDescriptors() {
        // 129 distinct swizzles: each needs its own entry
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 129; k++) sb.append("mov r0, r1.").append(swizzle(k)).append('\n');
        error(sb.toString(), 129, "too many operand descriptors (129, limit 128)");
        StringBuilder mad = new StringBuilder();
        for (int k = 0; k < 33; k++) mad.append("mad r0, r1.").append(swizzle(k)).append(", r2, r3\n");
        error(mad.toString(), 33, "too many operand descriptors used by mad (33, limit 32)");
    }

    private static String swizzle(int k) {
        StringBuilder s = new StringBuilder();
        for (int lane = 0; lane < 4; lane++) s.append("xyzw".charAt(k >> (2 * (3 - lane)) & 3));
        return s.toString();
    }

    @Test
    void subroutineTooLong() {
        error("s:\\n" + "nop\\n".repeat(256) + "ret\\ncall s\\nnop\\n", 259, "'s' is 256 words long; at most 255 can be encoded");
    }

    @Test
    void severalErrorsPerRun() {
        Assembler.Result r = Asm.run("mov r0, c96\nfrob\nmov v0, r0\nadd r0, c0, c1\n");
        assertEquals(List.of(
                "1:9: error: 'c96' is not a valid float uniform (c0-c95)",
                "2:1: error: unknown instruction 'frob'",
                "3:5: error: invalid destination register 'v0'",
                "4:13: error: only one constant register can be read here: 'c1'"), Asm.messages(r));
    }

    @Test
    void aJumpToANearMissOfALocalLabelGetsANoteAfterTheFinding() {
        Assembler.Result r = Asm.run("#pragma output_map(position, o0)\n#pragma bind_symbol(pos, v0)\nmain:\n    jpb b0, don\n    mov o0, v0\ndone:\n    end\nendmain:\n");
        List<String> m = Asm.messages(r);
        assertEquals("4:13: note: 'don' is not defined in this file; did you mean 'done'?", m.get(m.size() - 1), m.toString());
        assertTrue(m.get(m.size() - 2).startsWith("4:5: error: 'jpb' jumps to a label this file does not define; a jump cannot leave its object"), m.toString());
        // a call may name another object's subroutine: no hint
        assertTrue(Asm.messages(Asm.run("main:\n    call don\n    nop\n    end\nendmain:\ndone:\nret\n")).stream().noneMatch(x -> x.contains("did you mean")));
    }

    @Test
    void picassoSpellingsGetTheirOwnHints() {
        List<String> m = Asm.messages(Asm.run("a.v.pica", ".out o position\n.proc main\n\tmovv o, v0\n\tjmpu b0, don\n\tend\ndone:\n.end\n"));
        assertTrue(m.contains("3:2: error: unknown instruction 'movv'; did you mean 'mov'?"), m.toString());
        assertTrue(m.contains("4:11: error: label 'don' is not defined in this file; did you mean 'done'?"), m.toString());
        assertTrue(Asm.messages(Asm.run("a.v.pica", ".proc main\n\tlg3 r0, r0\n\tend\n.end\n")).contains("2:2: error: unknown instruction 'lg3'; did you mean 'lg2'?"));
    }

    /** One message set: the same mistake reads the same in both dialects, and a wrong operand count names the form. */
    @Test
    void sameMistakeSameMessageInBothDialects() {
        List<String> sdk = Asm.messages(Asm.run("a.vsh", "main:\n  mov r16, v0\n  dp4 o0.x, r0\n  mov r0, c96\n  end\nendmain:\n"));
        List<String> pic = Asm.messages(Asm.run("a.v.pica", ".proc main\n  mov r16, v0\n  dp4 o0.x, r0\n  mov r0, c96\n  end\n.end\n"));
        List<String> expected = List.of(
                "2:7: error: 'r16' is not a valid temporary register (r0-r15)",
                "3:3: error: 'dp4' expects 3 operands: dp4 dst, src1, src2",
                "4:11: error: 'c96' is not a valid float uniform (c0-c95)");
        assertEquals(expected, sdk.subList(0, 3));
        assertEquals(expected, pic.subList(0, 3));
        // the form is each dialect's own
        assertTrue(Asm.messages(Asm.run("main:\n  jpc 1, 0, 2\n  end\nendmain:\n")).contains("2:3: error: 'jpc' expects 4 operands: jpc refX, refY, condop, label"));
        assertTrue(Asm.messages(Asm.run("a.v.pica", ".proc main\n  setemit\n  end\n.end\n")).contains("2:3: error: 'setemit' expects 1 to 3 operands: setemit vtxid[, prim][, inv]"));
        assertTrue(Asm.messages(Asm.run("main:\n  m4x4 r0, v0\n  end\nendmain:\n")).contains("2:3: error: 'm4x4' expects 3 operands: m4x4 dst, src, cN"));
        // sincos takes its two temporaries too (sdk-dialect.md 10)
        assertTrue(Asm.messages(Asm.run("main:\n  sincos r0.xy, v0.x\n  end\nendmain:\n")).contains("2:3: error: 'sincos' expects 4 operands: sincos dst, src, t1, t2"));
        assertTrue(Asm.messages(Asm.run("a.v.pica", ".proc main\n  mov r0, v0, v1\n  end\n.end\n")).contains("2:15: error: 'mov' expects 2 operands: mov dst, src; unexpected 'v1'"));
    }

    /** The directive is the whole word after the dot, after blanks; .else and .end say nothing; a CRLF line ends the word too. */
    @Test
    void picassoDirectiveIsAWholeWordAfterBlanks() {
        List<String> m = Asm.messages(Asm.run("shader.vsh", ".procedure\n.else\n.end\n \t.proc main\r\n  end\n"));
        assertEquals(List.of("4:3: error: '.proc' is a picasso directive, and this file is read as SDK-dialect source: name it .v.pica or .g.pica, or pass --dialect=picasso"), m);
    }

    /** picasso text read as SDK source (standard input, a .vsh): one error naming the way out, not one per directive. */
    @Test
    void picassoTextGivenToTheSdkDialectSaysSo() {
        List<String> m = Asm.messages(Asm.run("shader.vsh", "; a picasso shader\n.fvec M[4]\n.out oPos position\n.proc main\n  mov oPos, v0\n  end\n.end\n"));
        assertEquals(List.of("2:1: error: '.fvec' is a picasso directive, and this file is read as SDK-dialect source: name it .v.pica or .g.pica, or pass --dialect=picasso"), m);
        // as .pica it assembles
        assertTrue(Asm.run("shader.v.pica", ".fvec M[4]\n.out oPos position\n.proc main\n  mov oPos, v0\n  end\n.end\n").ok());
        // an SDK source with a similar word elsewhere is not affected
        assertTrue(Asm.run("main:\n  mov o0, v0 // .proc\n  end\nendmain:\n").ok());
    }

    /** "did you mean" for a misspelt macro in an operand, a picasso name, directive and an SDK pragma. */
    @Test
    void misspeltNamesGetTheNearest() {
        assertTrue(Asm.messages(Asm.run("#define aPosition v0\nmain:\n  mov r0, aPositon\n  end\nendmain:\n"))
                .contains("3:11: error: syntax error near 'aPositon': not a register (undefined macro?); did you mean 'aPosition'?"));
        assertTrue(Asm.messages(Asm.run("a.v.pica", ".fvec uProj[4]\n.proc main\n  mov r0, uPorj[0]\n  end\n.end\n"))
                .contains("3:11: error: 'uPorj' is neither a register nor a name declared in this file; did you mean 'uProj'?"));
        assertTrue(Asm.messages(Asm.run("a.v.pica", ".fvex u\n.proc main\n  end\n.end\n"))
                .contains("1:1: error: unknown directive '.fvex'; did you mean '.fvec'?"));
        assertTrue(Asm.messages(Asm.run("#pragma bind_simbol(M, c0, c3)\nmain:\n  end\nendmain:\n")).get(0)
                .endsWith("unknown pragma 'bind_simbol' ignored; did you mean 'bind_symbol'?"));
    }

    /** A second definition points at the first with a note, as GCC's "previous definition of 'x' was here". */
    @Test
    void duplicateDefinitionsPointAtTheFirst() {
        assertEquals(List.of("5:1: error: duplicate label 'main'", "1:1: note: previous definition of 'main' was here"),
                Asm.messages(Asm.run("main:\n  nop\n  end\nendmain:\nmain:\n")));
        assertEquals(List.of("2:21: error: symbol 'M' already bound", "1:1: note: previous binding of 'M' was here"),
                Asm.messages(Asm.run("#pragma bind_symbol(M, c0, c3)\n#pragma bind_symbol(M, c4)\nmain:\n  end\nendmain:\n")));
        assertEquals(List.of("2:1: error: 'c0' defined twice with different values", "1:1: note: previous definition of 'c0' was here"),
                Asm.messages(Asm.run("def c0, 1, 2, 3, 4\ndef c0, 1, 2, 3, 5\nmain:\n  end\nendmain:\n")).subList(0, 2));
        assertEquals(List.of("4:7: error: procedure 'main' is already defined", "1:7: note: previous definition of 'main' was here"),
                Asm.messages(Asm.run("a.v.pica", ".proc main\n  end\n.end\n.proc main\n  end\n.end\n")).subList(0, 2));
        assertEquals(List.of("2:7: error: 'M' is already defined", "1:7: note: previous definition of 'M' was here"),
                Asm.messages(Asm.run("a.v.pica", ".fvec M[4]\n.fvec M\n.proc main\n  end\n.end\n")).subList(0, 2));
        // under -w a warning and its note both go
        dev.pica.format.diag.Diagnostics quiet = new dev.pica.format.diag.Diagnostics();
        quiet.policy(dev.pica.format.diag.WarningPolicy.of(true, List.of("extra")));
        Assembler.assemble(dev.pica.format.diag.SourceFile.ofString("t.vsh", "def c0, 1, 2, 3, 4\ndef c0, 1, 2, 3, 4\nmain:\n  mov r0, c0\n  end\nendmain:\n"), Assembler.Options.defaults(), quiet);
        assertTrue(quiet.list().isEmpty(), quiet.list().toString());
    }

    /** A malformed ifc/ifb/loop still opens its block: its error only, nothing about its else/endif/endloop. */
    @Test
    void malformedBlockOpenerStillOpensItsBlock() {
        for (String opener : new String[] {"ifc cmp.x", "ifb", "ifb q3", "loop", "loop c0"}) {
            String close = opener.startsWith("loop") ? "endloop" : "else\n  nop\n  endif";
            List<String> m = Asm.messages(Asm.run("main:\n  " + opener + "\n  nop\n  " + close + "\n  mov r0, r1\n  end\nendmain:\n"));
            assertEquals(1, m.size(), opener + ": " + m);
            assertTrue(m.get(0).startsWith("2:"), opener + ": " + m);
        }
    }

    @Test
    void printedFormatHasSourceLineAndCaret() {
        Assembler.Result r = Asm.run("shader.vsh", "main:\n    mov r0, c96\n");
        String out = Asm.printed(r);
        assertTrue(out.startsWith("shader.vsh:2:13: error: 'c96' is not a valid float uniform (c0-c95)\n    mov r0, c96\n            ^\n"), out);
    }

    @Test
    void macroUsePositionIsReported() {
        Assembler.Result r = Asm.run("#define BAD c96\nmain:\n  mov r0, BAD\n");
        assertEquals("3:11: error: 'c96' is not a valid float uniform (c0-c95)", Asm.messages(r).get(0));
    }
}
