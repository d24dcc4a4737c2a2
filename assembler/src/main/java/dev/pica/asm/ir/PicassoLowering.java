package dev.pica.asm.ir;

import dev.pica.asm.picasso.PicassoBuild;

/**
 * How the assembler reaches picasso's lowering to the IR without the exported picasso package
 * naming the IR in its API: {@link PicassoBuild} registers its lowering here when it is loaded
 * (an access bridge, as Gson's {@code JsonReaderInternalAccess}). This package is not exported.
 */
public final class PicassoLowering {
    private PicassoLowering() {}

    /** What picasso's build does for the bridge. */
    public interface Access {
        /** The file added last, lowered; null if the file has errors. */
        LoweredFile lowerLastFile(PicassoBuild build);
    }

    private static volatile Access access;

    /** Called once, by PicassoBuild's class initializer. */
    public static void register(Access a) {
        access = a;
    }

    /** The file {@code build} added last, in the IR; null if it has errors. */
    public static LoweredFile lowerLastFile(PicassoBuild build) {
        // build exists, so PicassoBuild's initializer has run and registered
        return access.lowerLastFile(build);
    }
}
