package dev.pica.format.isa;

/** One 8-byte operand-descriptor table entry: the value (bit 31 included) and usedInfo. */
public record OperandDescriptor(int value, int usedInfo) {}
