package dev.pica.format;

/** An output-map entry: semantic type, o register, component mask with x = bit 0. */
public record OutputMap(int type, int register, int mask) {}
