package dev.pica.format;

/** A bind_symbol entry: name with its suffix, first and last register as unified indices. */
public record Uniform(String name, int first, int last) {}
