package dev.pica.format.isa;


/**
 * The operands of one ALU word as the schema of its format reads them (LLVM's
 * {@code MCInstrDesc::operands()} is the model): the destination and its mask, and for each
 * source n (1-3, as the descriptor numbers them) its register field, negation, swizzle and index.
 * Every printer, lowering and check reads operands through this view instead of switching on
 * formats.
 *
 * @param instruction the decoded word
 * @param descriptor  the operand-descriptor value its DESC field names (isa.md 5.1)
 */
public record Operands(Instruction instruction, int descriptor) {

    /** The word's operands with the descriptor {@code table} holds at its DESC index; {@code missing} when the table lacks it. */
    public static Operands of(Instruction i, int[] table, int missing) {
        return new Operands(i, i.desc() < table.length ? table[i.desc()] : missing);
    }

    public WordFormat format() {
        return instruction.op().format;
    }

    /** How many sources the word reads. */
    public int count() {
        return format().sources();
    }

    /** The wide source (1-3), which IDX indexes. */
    public int wide() {
        return format().wideSource();
    }

    /** Source n's register field (a 5- or 7-bit code: v 0x00, r 0x10, c 0x20). */
    public int code(int n) {
        return instruction.get(WordFormat.sourceField(n));
    }

    /** The register file source n reads. */
    public RegisterFile file(int n) {
        return RegisterFile.ofSourceField(code(n));
    }

    /** Source n's register number within its file. */
    public int number(int n) {
        RegisterFile f = file(n);
        return code(n) - f.fieldBase;
    }

    /** Source n's IDX code (0 none, 1 a0.x, 2 a0.y, 3 aL): only the wide source is indexed. */
    public int index(int n) {
        return n == wide() ? instruction.idx() : 0;
    }

    public boolean negated(int n) {
        return OperandDescriptors.neg(descriptor, n);
    }

    /** Source n's swizzle selector (8 bits, x in the top pair). */
    public int selector(int n) {
        return OperandDescriptors.sel(descriptor, n);
    }

    /** The destination mask (x = bit 3). */
    public int mask() {
        return OperandDescriptors.mask(descriptor);
    }

    /** The destination field's code (o 0x00, r 0x10); 0 for a format without one. */
    public int destination() {
        return instruction.dst();
    }

    /**
     * Whether source n could only be in the wide slot: a c register, or indexed. An inverted-form
     * word whose wide source is not such an operand can only be written with the inverted mnemonic
     * (its operands' order alone says which form it is).
     */
    public boolean needsWide(int n) {
        return needsWide(code(n), index(n));
    }

    /** Whether an operand with this register field and IDX code can only be in the wide slot. */
    public static boolean needsWide(int code, int idx) {
        return code >= RegisterFile.FLOAT_UNIFORM.fieldBase || idx != 0;
    }

    /**
     * The SDK mnemonic an encoder reproduces this word from: an inverted form's plain mnemonic
     * when its wide operand needs the wide slot (the encoder inverts again), else its own.
     */
    public String sdkMnemonic() {
        Opcode op = instruction.op();
        if (op.plain() == null) return op.mnemonic;
        return needsWide(wide()) ? op.mnemonic : op.hardwareName();
    }
}
