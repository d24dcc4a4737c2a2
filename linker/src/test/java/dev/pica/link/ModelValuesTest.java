package dev.pica.link;

import dev.pica.link.testing.LinkHelper;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.pica.format.shbin.Dvlb;
import dev.pica.format.shbin.DvlbReader;
import dev.pica.format.shbin.DvlbWriter;
import dev.pica.format.shbin.Dvlp;
import dev.pica.format.shbin.Dvoj;
import dev.pica.format.shbin.DvojReader;
import dev.pica.format.shbin.DvojWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The binary models are values: read twice, the same bytes give equal models (records compare arrays by identity unless told). */
class ModelValuesTest {
    private static final String SRC = "#pragma output_map(position, o0)\nmain:\n  mov o0, v0\n  end\nendmain:\n";

    @Test
    void equalBytesGiveEqualModels() throws Exception {
        Dvoj object = LinkHelper.object("a.vsh", SRC);
        byte[] o = DvojWriter.write(object);
        assertEquals(DvojReader.read(o), DvojReader.read(o));
        assertEquals(DvojReader.read(o).hashCode(), DvojReader.read(o).hashCode());
        byte[] shbin = DvlbWriter.write(Linker.link(List.of(new Linker.Input("a.o", object)), false, new dev.pica.format.diag.Diagnostics()).dvlb());
        Dvlb a = DvlbReader.read(shbin), b = DvlbReader.read(shbin);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        // one word different: not equal
        Dvlp p = a.program();
        int[] code = p.code();
        code[0] ^= 1;
        assertNotEquals(p, new Dvlp(p.version(), code, p.descriptors(), p.lines(), p.files()));
        assertNotEquals(DvojReader.read(o), LinkHelper.object("a.vsh", SRC.replace("v0", "v1")));
    }
}
