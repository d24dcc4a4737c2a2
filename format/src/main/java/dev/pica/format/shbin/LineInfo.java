package dev.pica.format.shbin;

/** A source position recorded in a binary: file name and 1-based line. */
public record LineInfo(String file, int line) {}
