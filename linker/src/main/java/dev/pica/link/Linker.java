package dev.pica.link;

import dev.pica.format.diag.Diagnostics;
import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.LoaderContract;
import dev.pica.link.internal.Linking;
import java.util.List;

/**
 * Links DVOJ objects into one DVLB (shbin-format.md 8.5): one DVLE per main object in input
 * order, reference objects supply subroutines and are dropped when unused, one operand-descriptor
 * table built by the SDK rule over the whole linked code. Every entry runs the verifier over each
 * DVLE of the linked program (verifier.md 1): no hazard reaches a 3DS silently. The work is
 * {@link Linking}'s, in a package exported to the driver alone.
 */
public final class Linker {

    /** One linker input: the name shown in messages and the object. */
    public record Input(String name, Dvoj object) {}

    /** Where each object landed, for the map file and tests. */
    public record Placement(Input input, int inputIndex, int base, boolean isMain) {}

    /**
     * A linked binary: the DVLB model, where each object landed, the objects each DVLE is made of,
     * and how many DVLEs' programs the verifier ran over in this link (each of them, but for a
     * source the driver linked alone whose early run read the same program, verifier.md 1).
     */
    public record Result(Dvlb dvlb, List<Placement> layout, List<List<Integer>> objectsPerShader, int verifiedPrograms) {
        /** The file's bytes, checked against the loader contract (a violation is our bug: never written silently). */
        public byte[] bytes() {
            byte[] b = DvlbWriter.write(dvlb);
            LoaderContract.check(b);
            return b;
        }
    }

    /** A link's result (null when there were errors) and everything it said. */
    public record Outcome(Result result, Diagnostics diagnostics) implements dev.pica.format.diag.Outcome<Result> {
        @Override
        public Result value() {
            return result;
        }
    }

    /** Links and verifies each DVLE (the library's entry point: diagnostics returned, not reported into a sink). */
    public static Outcome link(List<Input> inputs, boolean debug) {
        Diagnostics d = new Diagnostics();
        Result r = link(inputs, debug, d);
        return new Outcome(r, d);
    }

    /** Links and verifies each DVLE; returns null after reporting errors. */
    public static Result link(List<Input> inputs, boolean debug, Diagnostics diags) {
        return Linking.link(inputs, debug, diags);
    }
}
