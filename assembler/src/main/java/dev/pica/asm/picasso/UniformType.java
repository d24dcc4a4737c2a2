package dev.pica.asm.picasso;

/** What picasso's .fvec, .ivec and .bool declare (and its constants hold). */
enum UniformType { BOOL, IVEC, FVEC }
