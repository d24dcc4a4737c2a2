package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;
import java.util.List;

/**
 * An operand as written (after macro expansion), before the mnemonic gives it a meaning.
 *
 * @param negations number of leading '-' (odd = negated)
 * @param bang      a leading '!' (jpb)
 * @param number    the literal text of a number operand (sign not included), else null
 * @param base      the leading identifier of a register operand, else null
 * @param parts     the [offset] and .suffix parts after the base, in order
 * @param text      the operand text as written, for messages
 */
public record RawOperand(SourcePos pos, int negations, boolean plus, boolean bang, String number, String base,
                         List<Part> parts, String text) {

    public sealed interface Part permits Offset, Suffix {
        SourcePos pos();
    }

    /** {@code [n]}, {@code [a0.x+n]}: constant part and optional index register (a0.x, a0.y, aL). */
    public record Offset(int value, String indexRegister, SourcePos pos, String text) implements Part {}

    /** {@code .xyzw}: swizzle or mask letters. */
    public record Suffix(String letters, SourcePos pos) implements Part {}

    public boolean negated() {
        return (negations & 1) == 1;
    }

    public boolean isNumber() {
        return number != null;
    }

    /** A bare identifier (label names, true/false): no prefix, no parts. */
    public boolean isBareIdentifier() {
        return base != null && parts.isEmpty() && negations == 0 && !plus && !bang;
    }
}
