package dev.pica.format.isa;

/**
 * The shader unit's register files (docs/spec/isa.md section 4), the one register table: how each
 * is spelled, how many registers it has, where it starts in an instruction's register field, in
 * the unified numbering of the DVLE's uniform table (the index libctru's
 * {@code DVLE_GetUniformRegister} returns, plus 0x10), and in picasso 2.7.2's own numbering of
 * its register pools (v 0x00, r 0x10, c 0x20, i 0x80, b 0x88: its unified index plus 0x10 for
 * the uniforms; docs/picasso-compat.md).
 */
public enum RegisterFile {
    INPUT('v', 16, 0x00, 0x00, 0x00, "input register"),
    TEMPORARY('r', 16, 0x10, -1, 0x10, "temporary register"),
    FLOAT_UNIFORM('c', 96, 0x20, 0x10, 0x20, "float uniform"),
    INT_UNIFORM('i', 4, -1, 0x70, 0x80, "integer uniform"),
    BOOL_UNIFORM('b', 16, -1, 0x78, 0x88, "bool uniform"),
    /** in a destination field at 0x00, where sources have the inputs */
    OUTPUT('o', 16, 0x00, -1, -1, "output register");

    /** the letter a register of this file is written with: v, r, c, i, b, o */
    public final char letter;
    public final int count;
    /** the first code of this file in a source (or, for o, destination) field; -1: not an operand */
    public final int fieldBase;
    /** the first unified index (DVLE uniform table); -1: never in that table */
    public final int unifiedBase;
    /** the first number in picasso's numbering of registers (its pools and uniform table); -1: outputs, numbered apart */
    public final int picassoBase;
    /** what a register of this file is called in messages: "temporary register" */
    public final String description;

    RegisterFile(char letter, int count, int fieldBase, int unifiedBase, int picassoBase, String description) {
        this.letter = letter;
        this.count = count;
        this.fieldBase = fieldBase;
        this.unifiedBase = unifiedBase;
        this.picassoBase = picassoBase;
        this.description = description;
    }

    /** Every file's letter, "vrcibo": for patterns that recognise register names. */
    public static final String LETTERS = letters();

    private static String letters() {
        StringBuilder sb = new StringBuilder();
        for (RegisterFile f : values()) sb.append(f.letter);
        return sb.toString();
    }

    /** The file a register letter names (v, r, c, i, b, o; either case), or null. */
    public static RegisterFile ofLetter(char c) {
        for (RegisterFile f : values()) if (f.letter == Character.toLowerCase(c)) return f;
        return null;
    }

    /**
     * The message for a register number past the file's end, one for both dialects: "'r16' is
     * not a valid temporary register (r0-r15)"; {@code usable} is how many a program may use
     * here (7 outputs in a geometry shader).
     */
    public String notValid(String written, int usable) {
        return "'" + written + "' is not a valid " + description + " (" + spell(0) + "-" + spell(usable - 1) + ")";
    }

    /** The file a unified index falls in, or null (0x74-0x77, 0x88 and up name nothing). */
    public static RegisterFile ofUnified(int unified) {
        for (RegisterFile f : values()) {
            if (f.unifiedBase >= 0 && unified >= f.unifiedBase && unified < f.unifiedBase + f.count) return f;
        }
        return null;
    }

    /** The file a picasso register number falls in (v 0x00, r 0x10, c 0x20, i 0x80, b 0x88), or null past b15. */
    public static RegisterFile ofPicasso(int number) {
        for (RegisterFile f : values()) {
            if (f.picassoBase >= 0 && number >= f.picassoBase && number < f.picassoBase + f.count) return f;
        }
        return null;
    }

    /** Where this file's picasso numbering ends (one past its last register). */
    public int picassoEnd() {
        return picassoBase + count;
    }

    /** The unified index (DVLE uniform table) of a picasso register number of v, c, i or b: the uniforms' numbers less 0x10, the two numberings' offset. */
    public static int unifiedOfPicasso(int number) {
        return number < TEMPORARY.picassoBase ? number : number - PICASSO_OFFSET;
    }

    /** How far picasso's numbers of c, i and b lie above their unified indices (0x10). */
    private static final int PICASSO_OFFSET = 0x10;

    /** A uniform's picasso number for its unified index (c, i, b: unified + 0x10, the two numberings' offset), inputs as they are. */
    public static int picassoOfUnified(int unified) {
        return unified < FLOAT_UNIFORM.unifiedBase ? unified : unified + PICASSO_OFFSET;
    }

    /** The file of a register field's code: a destination field (o 0x00, r 0x10) or a source field (v 0x00, r 0x10, c 0x20-0x7F). */
    public static RegisterFile ofField(int code, boolean destination) {
        return destination ? ofDestinationField(code) : ofSourceField(code);
    }

    /** The file of a source field's code (v 0x00, r 0x10, c 0x20-0x7F). */
    public static RegisterFile ofSourceField(int code) {
        return code < TEMPORARY.fieldBase ? INPUT : code < FLOAT_UNIFORM.fieldBase ? TEMPORARY : FLOAT_UNIFORM;
    }

    /** The file of a destination field's code (o 0x00, r 0x10). */
    public static RegisterFile ofDestinationField(int code) {
        return code < TEMPORARY.fieldBase ? OUTPUT : TEMPORARY;
    }

    /** Whether a word names a register of some file as written: its letter (lower case) and a number below the file's size ("c95", not "c96"). */
    public static boolean isRegister(String word) {
        if (word.length() < 2 || word.length() > 3) return false;
        RegisterFile f = null;
        for (RegisterFile r : values()) if (r.letter == word.charAt(0)) f = r;
        if (f == null) return false;
        for (int k = 1; k < word.length(); k++) if (!Character.isDigit(word.charAt(k))) return false;
        int n = Integer.parseInt(word.substring(1));
        return n < f.count && (word.length() == 2 || word.charAt(1) != '0');
    }

    /** Register n of this file as written: "c4", "b0". */
    public String spell(int n) {
        return letter + Integer.toString(n);
    }
}
