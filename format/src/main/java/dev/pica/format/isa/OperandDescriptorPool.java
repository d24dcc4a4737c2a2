package dev.pica.format.isa;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the operand-descriptor table by the SDK linker's rule (shbin-format.md 4.3): each
 * instruction, in code order, reuses the first entry that agrees on the fields both care about
 * (filling in fields the entry did not care about yet); entries used by MAD/MADI move to the
 * front, in creation order; bit 31 marks entries 0-31. Mutable, for one run only.
 */
public final class OperandDescriptorPool {
    private static final class Entry {
        int value;
        int used;
        boolean mad;
        int finalIndex;
    }

    private final List<Entry> entries = new ArrayList<>();
    private final List<Entry> assigned = new ArrayList<>();
    private int madEntries;

    /** Adds one instruction's descriptor; returns a handle to pass to {@link #finalIndex} after {@link #finish}. */
    public int add(int descriptor, int usedInfo, boolean mad) {
        int m = OperandDescriptors.careMask(usedInfo);
        int d = descriptor & 0x7FFFFFFF;
        Entry hit = null;
        for (Entry e : entries) {
            int c = m & OperandDescriptors.careMask(e.used);
            if ((d & c) == (e.value & c)) {
                e.value = (e.value & ~m) | (d & m);
                e.used |= usedInfo;
                if (mad && !e.mad) madEntries++;
                e.mad |= mad;
                hit = e;
                break;
            }
        }
        if (hit == null) {
            hit = new Entry();
            hit.value = d & m;
            hit.used = usedInfo;
            hit.mad = mad;
            if (mad) madEntries++;
            entries.add(hit);
        }
        assigned.add(hit);
        return assigned.size() - 1;
    }

    public int size() {
        return entries.size();
    }

    /** Entries that a MAD/MADI references (they must fit in indices 0-31). */
    /** More entries than the DESC field can name (the first add that made it so is the one to report). */
    public boolean overfull() {
        return entries.size() > Limits.DESCRIPTORS;
    }

    /** More entries used by MAD/MADI than their 5-bit DESC field can name. */
    public boolean madOverfull() {
        return madEntries > Limits.MAD_DESCRIPTORS;
    }

    public String overfullMessage() {
        return "too many operand descriptors (" + entries.size() + ", limit " + Limits.DESCRIPTORS + ")";
    }

    public String madOverfullMessage() {
        return "too many operand descriptors used by mad (" + madEntries + ", limit " + Limits.MAD_DESCRIPTORS + ")";
    }

    /** Orders the table (MAD-used entries first) and returns it with bit 31 set on entries 0-31. */
    public List<OperandDescriptor> finish() {
        List<Entry> order = new ArrayList<>(entries.size());
        for (Entry e : entries) if (e.mad) order.add(e);
        for (Entry e : entries) if (!e.mad) order.add(e);
        List<OperandDescriptor> out = new ArrayList<>(order.size());
        for (int k = 0; k < order.size(); k++) {
            Entry e = order.get(k);
            e.finalIndex = k;
            out.add(new OperandDescriptor(e.value | (k < 32 ? 0x80000000 : 0), e.used));
        }
        return out;
    }

    /** The final table index of the instruction added with {@code handle}. */
    public int finalIndex(int handle) {
        return assigned.get(handle).finalIndex;
    }
}
