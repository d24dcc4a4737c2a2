package dev.pica.asm.picasso;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.isa.InstructionCodec;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.OperandDescriptor;
import dev.pica.format.isa.OperandDescriptors;
import dev.pica.format.isa.WordFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * picasso 2.7.2's operand-descriptor pool (docs/picasso-compat.md): entries in first-use order,
 * a new descriptor merged into the first entry that agrees on every bit both care about (the
 * entry widened to the union), mad's 5-bit index kept below 32 by trading places with an entry
 * no mad uses.
 */
final class DescriptorPool {
    // the fields an instruction's descriptor sets: usedInfo bits (mask, src1, src2, src3) as care masks
    static final int MASK_D123 = OperandDescriptors.careMask(0xF);
    static final int MASK_D12 = OperandDescriptors.careMask(0x7);
    static final int MASK_D1 = OperandDescriptors.careMask(0x3);
    static final int MASK_12 = OperandDescriptors.careMask(0x6);

    private final int[] descriptors = new int[Limits.DESCRIPTORS], masks = new int[Limits.DESCRIPTORS];
    private int count;
    private int madUsed; // bit k: entry k is used by a mad (which can only name 0-31)
    /** the program's words, whose indices follow an entry that trades places */
    private final List<Integer> words;

    DescriptorPool(List<Integer> words) {
        this.words = words;
    }

    /** The entries so far. */
    int[] table() {
        return Arrays.copyOf(descriptors, count);
    }

    List<OperandDescriptor> entries() {
        List<OperandDescriptor> out = new ArrayList<>();
        for (int k = 0; k < count; k++) out.add(new OperandDescriptor(descriptors[k], 0));
        return out;
    }

    /** The index of a descriptor whose fields in {@code mask} the opcode sets; null after saying the pool is full. */
    Integer index(Opcode op, int desc, int mask, SourcePos pos, Diagnostics diags) {
        mask = significant(mask, op, desc);
        for (int i = 0; i < count; i++) {
            int common = mask & masks[i];
            if ((desc & common) == (descriptors[i] & common)) {
                descriptors[i] = descriptors[i] & ~mask | desc & mask;
                masks[i] |= mask;
                return i;
            }
        }
        if (count == Limits.DESCRIPTORS) {
            diags.error(Problem.DESCRIPTOR_LIMIT, pos, "more than " + Limits.DESCRIPTORS + " different operand descriptors");
            return null;
        }
        descriptors[count] = desc;
        masks[count] = mask;
        return count++;
    }

    /** A mad's index: a pooled entry beyond 31 trades places with one no mad uses. */
    Integer madIndex(int index, SourcePos pos, Diagnostics diags) {
        if (index >= Limits.MAD_DESCRIPTORS) {
            int free = Integer.numberOfTrailingZeros(~madUsed);
            if (free >= Limits.MAD_DESCRIPTORS) {
                diags.error(Problem.DESCRIPTOR_LIMIT, pos, "more than 32 operand descriptors used by mad");
                return null;
            }
            swap(free, index);
            index = free;
        }
        madUsed |= 1 << index;
        return index;
    }

    /** picasso leaves out of the comparison the source lanes an opcode does not read. */
    private static int significant(int mask, Opcode op, int desc) {
        int u1 = 0, u2 = 0, u3 = 0;
        switch (op) {
            case ADD, MUL, SGE, SLT, FLR, MAX, MIN, MOV, MAD -> {
                for (int lane = 0; lane < 4; lane++) if ((desc & 8 >> lane) == 0) u1 |= 3 << 6 - 2 * lane;
                u2 = u1;
                u3 = u1;
            }
            case DP3 -> {
                u1 = 3;
                u2 = 3;
            }
            case DPH -> u1 = 3;
            case EX2, LG2, RCP, RSQ -> u1 = 3 << 4 | 3 << 2 | 3;
            case MOVA -> {
                if ((desc & 8) == 0) u1 |= 3 << 6;
                if ((desc & 4) == 0) u1 |= 3 << 4;
                u1 |= 3 << 2 | 3;
            }
            case CMP -> u1 = 3 << 2 | 3;
            default -> { }
        }
        return mask & ~OperandDescriptors.build(0, false, u1, false, u2, false, u3);
    }

    private void swap(int a, int b) {
        int t = descriptors[a];
        descriptors[a] = descriptors[b];
        descriptors[b] = t;
        t = masks[a];
        masks[a] = masks[b];
        masks[b] = t;
        for (int k = 0; k < words.size(); k++) {
            int w = words.get(k);
            Opcode op = Opcode.ofWord(w);
            if (op.format.field(WordFormat.Field.DESC) == null || op.has(Opcode.Flag.MAD)) continue;
            int d = InstructionCodec.descIndex(w);
            if (d == a) words.set(k, InstructionCodec.withDesc(w, b));
            else if (d == b) words.set(k, InstructionCodec.withDesc(w, a));
        }
    }
}
