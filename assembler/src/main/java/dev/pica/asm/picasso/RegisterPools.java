package dev.pica.asm.picasso;

import dev.pica.format.isa.RegisterFile;

/**
 * picasso's register pools for one shader space (vertex, or a geometry shader's own): float,
 * integer and bool uniforms in picasso's numbering (c 0x20, i 0x80, b 0x88). Uniforms shared by
 * every file grow up from a pool's start, each file's constants down from its end.
 */
final class RegisterPools {
    final Pool fvec = new Pool(RegisterFile.FLOAT_UNIFORM), ivec = new Pool(RegisterFile.INT_UNIFORM), bool = new Pool(RegisterFile.BOOL_UNIFORM);

    Pool of(UniformType t) {
        return switch (t) {
            case FVEC -> fvec;
            case IVEC -> ivec;
            case BOOL -> bool;
        };
    }

    /** One register file's pool. */
    static final class Pool {
        int start, end, bound, top;

        /** The whole file's numbers. */
        Pool(RegisterFile f) {
            reinit(f.picassoBase, f.picassoEnd());
        }

        void reinit(int s, int e) {
            start = s;
            end = e;
            bound = e;
            top = e;
        }

        /** A new file: its constants start again from the top. */
        void clearLocal() {
            end = top;
        }

        int allocGlobal(int size) {
            if (start + size > bound) return -1;
            int r = start;
            start += size;
            return r;
        }

        int allocLocal(int size) {
            int p = end - size;
            if (p < start) return -1;
            bound = Math.min(bound, p);
            end = p;
            return p;
        }
    }
}
