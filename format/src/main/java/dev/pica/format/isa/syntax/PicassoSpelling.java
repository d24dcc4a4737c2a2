package dev.pica.format.isa.syntax;

import dev.pica.format.isa.Opcode;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How picasso 2.7.2 spells what the SDK dialect spells otherwise (docs/picasso-compat.md): its
 * mnemonics, comparison names and mova destinations. picasso's parser (assembler, picasso/)
 * reads this table and disasm's {@code PicassoPrinter} writes from it; output semantics are in
 * {@link dev.pica.format.isa.OutputSemantic}.
 */
public final class PicassoSpelling {
    private PicassoSpelling() {}

    /** Each mnemonic picasso reads and the plain opcode it names; the first spelling of an opcode is the one printed. */
    private static final Map<String, Opcode> MNEMONICS = new LinkedHashMap<>();
    /** How the printer writes each opcode. */
    private static final Map<Opcode, String> PRINTED = new EnumMap<>(Opcode.class);

    static {
        for (Opcode op : List.of(Opcode.NOP, Opcode.END, Opcode.EMIT, Opcode.BREAK, Opcode.ADD, Opcode.DP3, Opcode.DP4, Opcode.DPH,
                Opcode.DST, Opcode.MUL, Opcode.SGE, Opcode.SLT, Opcode.MAX, Opcode.MIN, Opcode.EX2, Opcode.LG2, Opcode.LITP, Opcode.FLR,
                Opcode.RCP, Opcode.RSQ, Opcode.MOV, Opcode.MOVA, Opcode.CMP, Opcode.MAD, Opcode.SETEMIT, Opcode.CALL, Opcode.BREAKC,
                Opcode.CALLC, Opcode.IFC, Opcode.JMPC, Opcode.CALLU, Opcode.IFU, Opcode.JMPU)) {
            // picasso names an opcode as the hardware does (ex2, not the SDK's exp), emit and setemit in full
            MNEMONICS.put(op == Opcode.EMIT ? "emit" : op == Opcode.SETEMIT ? "setemit" : op.hardwareName(), op);
        }
        MNEMONICS.put("for", Opcode.LOOP);
        // the inverted forms' own names read as the plain opcode: the operands choose the form
        for (Opcode op : Opcode.values()) if (op.plain() != null) MNEMONICS.put(op.hardwareName(), op.plain());
        // what the printer writes, worked out once: an opcode's first spelling; an inverted form's is its plain opcode's
        for (Map.Entry<String, Opcode> e : MNEMONICS.entrySet()) PRINTED.putIfAbsent(e.getValue(), e.getKey());
        for (Opcode op : Opcode.values()) if (op.plain() != null) PRINTED.put(op, PRINTED.get(op.plain()));
    }

    /** Comparison names in CMPX/CMPY order (eq is 0 ... ge is 5). */
    public static final List<String> COMPARISONS = List.of("eq", "ne", "lt", "le", "gt", "ge");

    /** The plain opcode a picasso mnemonic names (either case), or null. */
    public static Opcode ofMnemonic(String mnemonic) {
        return MNEMONICS.get(mnemonic.toLowerCase(Locale.ROOT));
    }

    /** Every mnemonic picasso reads (for "did you mean"). */
    public static Set<String> mnemonics() {
        return Collections.unmodifiableSet(MNEMONICS.keySet());
    }

    /** How picasso writes an opcode's mnemonic (an inverted form as its plain one: the operands' order says which). */
    public static String mnemonic(Opcode op) {
        String m = PRINTED.get(op);
        if (m == null) throw new IllegalArgumentException(op.toString());
        return m;
    }

    /**
     * The destination mask (x = bit 3) a mova target names: a0.x, a0.y, a0.xy, and picasso's older
     * a0, a1, a01 (either case); -1 for anything else.
     */
    public static int movaMask(String target) {
        return switch (target.toLowerCase(Locale.ROOT)) {
            case "a0.x", "a0" -> 8;
            case "a0.y", "a1" -> 4;
            case "a0.xy", "a01" -> 12;
            default -> -1;
        };
    }

    /** How picasso writes mova's target for a mask, or null when it has no form for it. */
    public static String movaTarget(int mask) {
        return switch (mask) {
            case 8 -> "a0.x";
            case 4 -> "a0.y";
            case 12 -> "a0.xy";
            default -> null;
        };
    }
}
