package dev.pica.sim;

import static org.junit.jupiter.api.Assertions.*;

import dev.pica.format.isa.Opcode;
import dev.pica.format.isa.WordFormat;
import java.lang.reflect.Method;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The ALU kinds against the ISA table: every ALU opcode has one, with the format's source count. */
class AluKindTest {
    private static final Set<Opcode> NOT_IMPLEMENTED = Set.of(Opcode.DST, Opcode.DSTI, Opcode.LITP);

    @Test
    void everyAluOpcodeTheEmulatorImplementsHasAKindWithItsFormatsSourceCount() {
        for (Opcode op : Opcode.values()) {
            WordFormat f = op.format;
            boolean alu = f == WordFormat.F1 || f == WordFormat.F1I || f == WordFormat.F1U || f == WordFormat.F1C || f == WordFormat.F5 || f == WordFormat.F5I;
            AluKind k = AluKind.of(op);
            if (!alu || NOT_IMPLEMENTED.contains(op)) {
                assertNull(k, op.name());
                continue;
            }
            assertNotNull(k, op.name());
            int sources = f == WordFormat.F5 || f == WordFormat.F5I ? 3 : f == WordFormat.F1U ? 1 : 2;
            assertEquals(sources, k.sources, op.name());
            assertTrue(k.opcodes.contains(op));
        }
    }

    @Test
    void eachLaneFunctionIsAPicaFloatMethodOfItsArity() throws Exception {
        for (AluKind k : AluKind.values()) {
            if (k.lane == null) continue;
            Class<?>[] params = new Class<?>[k.shape == AluKind.Shape.SCALAR ? 1 : k.sources];
            java.util.Arrays.fill(params, float.class);
            Method m = PicaFloat.class.getDeclaredMethod(k.lane, params);
            assertEquals(float.class, m.getReturnType(), k.name());
        }
    }

    @Test
    void wordsDecodeToTheirKindAndBack() {
        for (AluKind k : AluKind.values()) {
            assertSame(k, DecodedWords.alu(DecodedWords.ALU + k.ordinal()));
            assertEquals(k.sources, DecodedWords.sources(DecodedWords.ALU + k.ordinal()));
        }
        assertNull(DecodedWords.alu(DecodedWords.LOOP));
        assertEquals(0, DecodedWords.sources(DecodedWords.NOP));
    }
}
