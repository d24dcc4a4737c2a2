package dev.pica.format.isa.syntax;

import dev.pica.format.isa.Opcode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each mnemonic computes and its operand forms in both dialects: the assembler's messages
 * name the form, the language server shows it in hover and completion. Semantics as
 * docs/spec/execution.md records them; SDK forms as the SDK dialect is implemented
 * (docs/spec/sdk-dialect.md), picasso's as docs/picasso-compat.md lists them.
 */
public final class Mnemonics {
    /**
     * One mnemonic: its hardware opcode (null for ret and the SDK's macro instructions), SDK form,
     * picasso form (null where the dialect has none), and what it does.
     */
    public record Entry(Opcode op, String sdk, String picasso, String summary) {
        public String name() {
            return sdk != null ? sdk.split(" ")[0] : picasso.split(" ")[0];
        }
    }

    private static final Map<String, Entry> BY_SPELLING = new HashMap<>();
    private static final List<Entry> ENTRIES = new ArrayList<>();
    /** the SDK dialect's macro instructions and statements that are no opcode, by spelling */
    private static final Map<String, Entry> SDK_MACROS = new HashMap<>();

    static {
        add(Opcode.ADD, "add dst, src1, src2", "add dst, src1, src2", "dst = src1 + src2, lane by lane.");
        add(Opcode.MUL, "mul dst, src1, src2", "mul dst, src1, src2", "dst = src1 * src2, lane by lane (0 * inf = 0, as the PICA computes it).");
        add(Opcode.MAD, "mad dst, src1, src2, src3", "mad dst, src1, src2, src3", "dst = src1 * src2 + src3, lane by lane (0 * inf = 0).");
        add(Opcode.DP3, "dp3 dst, src1, src2", "dp3 dst, src1, src2", "The dot product of the x, y, z lanes, written to every lane of the mask.");
        add(Opcode.DP4, "dp4 dst, src1, src2", "dp4 dst, src1, src2", "The dot product of all four lanes, written to every lane of the mask.");
        add(Opcode.DPH, "dph dst, src1, src2", "dph dst, src1, src2", "src1.xyz . src2.xyz + src2.w (a homogeneous dot product), written to every lane of the mask.");
        add(Opcode.DST, "dst dst, src1, src2", "dst dst, src1, src2", "The distance vector (1, src1.y * src2.y, src1.z, src2.w). The emulator does not implement it.");
        add(Opcode.EX2, "exp dst, src", "ex2 dst, src", "2 to the power src.x, written to every lane of the mask.");
        add(Opcode.LG2, "log dst, src", "lg2 dst, src", "The base-2 logarithm of src.x, written to every lane of the mask.");
        add(Opcode.LITP, "litp dst, src", "litp dst, src", "A lighting helper that also sets the cmp flags. The emulator does not implement it.");
        add(Opcode.SGE, "sge dst, src1, src2", "sge dst, src1, src2", "Each lane: 1.0 if src1 >= src2, else 0.0.");
        add(Opcode.SLT, "slt dst, src1, src2", "slt dst, src1, src2", "Each lane: 1.0 if src1 < src2, else 0.0.");
        add(Opcode.FLR, "flr dst, src", "flr dst, src", "Each lane rounded down to an integer value.");
        add(Opcode.MAX, "max dst, src1, src2", "max dst, src1, src2", "Each lane: the larger of src1 and src2 (src2 when either is NaN).");
        add(Opcode.MIN, "min dst, src1, src2", "min dst, src1, src2", "Each lane: the smaller of src1 and src2 (src2 when either is NaN).");
        add(Opcode.RCP, "rcp dst, src", "rcp dst, src", "1 / src.x, written to every lane of the mask.");
        add(Opcode.RSQ, "rsq dst, src", "rsq dst, src", "1 / sqrt(src.x), written to every lane of the mask.");
        add(Opcode.MOVA, "mova a0.xy, src", "mova a0.xy, src", "a0.x and/or a0.y = src.x / src.y converted to integers, for relative addressing c[a0.x + n].");
        add(Opcode.MOV, "mov dst, src", "mov dst, src", "dst = src.");
        add(Opcode.CMP, "cmp src1, opx, opy, src2", "cmp src1, opx, opy, src2", "Sets cmp.x from src1.x opx src2.x and cmp.y from src1.y opy src2.y (eq, ne, lt, le, gt, ge).");
        add(Opcode.BREAK, "break", "break", "Leaves the innermost loop.");
        add(Opcode.NOP, "nop", "nop", "Does nothing.");
        add(Opcode.END, "end", "end", "Ends the shader invocation.");
        add(Opcode.BREAKC, "breakc refX, refY, condop", "breakc cond", "Leaves the innermost loop when the condition on cmp.x/cmp.y holds.");
        add(Opcode.CALL, "call label", "call proc", "Calls a subroutine: runs from its first word to its end, then returns (call stack depth 4).");
        add(Opcode.CALLC, "callc refX, refY, condop, label", "callc cond, proc", "Calls a subroutine when the condition on cmp.x/cmp.y holds.");
        add(Opcode.CALLU, "callb bN, label", "callu bN, proc", "Calls a subroutine when the boolean uniform bN is true.");
        add(Opcode.IFU, "ifb bN", "ifu bN", "Runs the if-part when the boolean uniform bN is true, else the else-part (if stack depth 8).");
        add(Opcode.IFC, "ifc refX, refY, condop", "ifc cond", "Runs the if-part when the condition on cmp.x/cmp.y holds, else the else-part.");
        add(Opcode.LOOP, "loop iN", "for iN", "Repeats the block iN.x + 1 times with aL = iN.y, adding iN.z to aL after each pass (loop stack depth 4).");
        add(Opcode.EMIT, "vout", "emit", "Geometry shaders: emits the vertex in the output registers, as setemit last described it.");
        add(Opcode.SETEMIT, "smf winding, primemit, vtxid", "setemit vtxid[, prim][, inv]", "Geometry shaders: the vertex id the next emit writes, whether it ends a primitive, and its winding.");
        add(Opcode.JMPC, "jpc refX, refY, condop, label", "jmpc cond, label", "Jumps to the label when the condition on cmp.x/cmp.y holds.");
        add(Opcode.JMPU, "jpb bN, label", "jmpu bN, label", "Jumps to the label when the boolean uniform bN is true (!bN: when false).");
        Entry ret = new Entry(null, "ret", null, "Ends a subroutine; assembles to nothing (a call's length ends before it).");
        ENTRIES.add(ret);
        alias("ret", ret);
        // the inverted forms' own names (dphi ... madi) show their plain opcode's entry
        for (Opcode op : Opcode.values()) if (op.plain() != null) alias(op.hardwareName(), BY_SPELLING.get(op.plain().mnemonic));
        // the SDK dialect's macro instructions and statements that are no opcode (sdk-dialect.md 7.3, 9, 10)
        macro("m4x4 dst, src, cN", "A 4x4 matrix times a vector: `dp4` of src with the rows cN, cN+1, cN+2, cN+3 into dst.x, .y, .z, .w (four words). "
                + "Row k is register cN + k, a plain c, v or r register.");
        macro("m4x3 dst, src, cN", "`dp4` of src with the rows cN, cN+1, cN+2 into dst.x, .y, .z (three words).");
        macro("m3x4 dst, src, cN", "`dp3` of src with the rows cN, cN+1, cN+2, cN+3 into dst.x, .y, .z, .w (four words).");
        macro("m3x3 dst, src, cN", "`dp3` of src with the rows cN, cN+1, cN+2 into dst.x, .y, .z (three words).");
        macro("nrm dst, src", "src.xyz normalised: `dp3 dst.w, src, src`, `rsq dst.w, dst.w`, `mul dst.xyz, src, dst.w` (three words; dst an r register, its w lane overwritten).");
        macro("pow dst, src1, src2", "src1 to the power src2, single components: `log dst.z, src1`, `mul dst.z, dst.z, src2`, `exp dst, dst.z` "
                + "(three words; dst an r register, its z lane overwritten).");
        macro("sub dst, src1, src2", "dst = src1 - src2: `add dst, src1, -src2` (one word).");
        macro("sincos dst, src, t1, t2", "cos(src) into dst.x and sin(src) into dst.y, by Horner's rule in src squared, with the temporaries t1 and t2 "
                + "(r registers, overwritten) and the constants c93-c95 the assembler defines (nine words, ten when .y is written).");
        macro("def cN, x, y, z, w", "Defines the float constant cN (four floats, or raw float24 bits in hex), for the whole shader.");
        macro("defi iN, x, y, z, w", "Defines the integer constant iN (bytes): a `loop iN` runs x + 1 times, aL starting at y and stepping by z.");
        macro("defb bN, true|false", "Defines the boolean constant bN.");
        macro("else", "Starts the else-part of the innermost `ifb`/`ifc` block.");
        macro("endif", "Ends the innermost `ifb`/`ifc` block.");
        macro("endloop", "Ends the innermost `loop` block.");
    }

    /** A macro instruction or statement of the SDK dialect only: no opcode of its own, no picasso form. */
    private static void macro(String sdk, String summary) {
        Entry e = new Entry(null, sdk, null, summary);
        ENTRIES.add(e);
        SDK_MACROS.put(e.name(), e);
        alias(e.name(), e);
    }

    private static void add(Opcode op, String sdk, String picasso, String summary) {
        Entry e = new Entry(op, sdk, picasso, summary);
        ENTRIES.add(e);
        if (sdk != null) alias(sdk.split(" ")[0], e);
        if (picasso != null) alias(picasso.split(" ")[0], e);
    }

    private static void alias(String spelling, Entry e) {
        BY_SPELLING.putIfAbsent(spelling, e);
    }

    private Mnemonics() {}

    /** Every mnemonic once, in the ISA table's order, then ret and the SDK's macro instructions. */
    public static List<Entry> entries() {
        return List.copyOf(ENTRIES);
    }

    /**
     * Every word the SDK dialect reads as an instruction, sorted: the opcodes' mnemonics and
     * aliases, ret, the macro instructions and the def, else, endif and endloop statements (the
     * editor grammars are held to it).
     */
    public static java.util.SortedSet<String> sdkWords() {
        java.util.SortedSet<String> w = new java.util.TreeSet<>(Opcode.mnemonics());
        w.add("ret");
        w.addAll(SDK_MACROS.keySet());
        return java.util.Collections.unmodifiableSortedSet(w);
    }

    /** The entry for a spelling of either dialect ("exp", "ex2", "vout", "emit"), or null. */
    public static Entry of(String word) {
        return BY_SPELLING.get(word.toLowerCase(Locale.ROOT));
    }

    /** The operand form of a mnemonic in a dialect ("jpc refX, refY, condop, label"), SDK macros included; null if it has none. */
    public static String form(String mnemonic, Dialect dialect) {
        boolean picasso = dialect == Dialect.PICASSO;
        String m = mnemonic.toLowerCase(Locale.ROOT);
        Entry e = BY_SPELLING.get(m);
        if (e == null) return null;
        String f = picasso ? e.picasso() : e.sdk();
        // a spelling of the other dialect, or an alias (madi, dphi): the form under its own name
        return f != null && f.split(" ")[0].equals(m) ? f : null;
    }

    /** How many operands a form takes: {min, max} ("setemit vtxid[, prim][, inv]" takes 1 to 3). */
    public static int[] operandCount(String form) {
        int space = form.indexOf(' ');
        if (space < 0) return new int[] {0, 0};
        String ops = form.substring(space + 1);
        int optional = ops.split("\\[", -1).length - 1;
        int all = ops.split(",", -1).length;
        return new int[] {all - optional, all};
    }

    /**
     * The message for a wrong number of operands, in both dialects alike:
     * {@code 'jpc' expects 4 operands: jpc refX, refY, condop, label}.
     */
    public static String expects(String mnemonic, Dialect dialect, int min, int max) {
        String what = min == max ? String.valueOf(min) : min + " to " + max;
        String form = form(mnemonic, dialect);
        return "'" + mnemonic + "' expects " + what + " operand" + (max == 1 ? "" : "s") + (form == null ? "" : ": " + form);
    }
}
