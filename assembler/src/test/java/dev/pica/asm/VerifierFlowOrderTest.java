package dev.pica.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Long structured programs the verifier follows to the end (verifier.md, Cost): the data flow
 * of what may be written or read takes its rounds in reverse postorder of the state graph, so a
 * fact crosses a whole chain of if/else blocks or loops in one round plus one a loop level. In
 * breadth-first order (the order states are found) the join of an if whose then-part is longer
 * than its else-part comes before that then-part's last word, and a loop's exit before its
 * body's end: each such block in a row cost a round, and 20 ifs or loops (a random geometry
 * shader's body inlined ten times, seed 113 of GeometryDifferentialTest with bodies 3 deep) ran
 * past the data flow's budget of rounds: 'control flow too complex to verify completely (what
 * may be written or read was followed for 8 passes over the graph)', with the findings after
 * the cut missing. Each shape below ends in one finding that only a complete flow reaches.
 */
class VerifierFlowOrderTest {
    private static final String HEAD = """
            #pragma output_map(position, o0)
            #pragma output_map(color, o1)
            #pragma bind_symbol(k, c0)
            defi i0, 2, 0, 1
            main:
                mov r0, v0
                mov r1, v0
            """;
    private static final String TAIL = """
                mov o0, r1
                end
            endmain:
            """;

    private static List<String> verify(String body) {
        return Asm.messages(Asm.run(HEAD + body + TAIL));
    }

    private static void noLimitAndOnly(String body, String finding) {
        List<String> m = verify(body);
        assertTrue(m.stream().noneMatch(x -> x.contains("too complex")), String.join("\n", m));
        assertEquals(1, m.size(), String.join("\n", m));
        assertTrue(m.get(0).contains(finding), m.get(0));
    }

    /**
     * An if whose then-part is longer than its else-part, and only the else-part writes r7: that
     * r7 may be unwritten reaches the join through the then-part alone, the later one in
     * breadth-first order.
     */
    private static String diamond() {
        return """
                    cmp 2, 2, r0.x, c0.x
                    ifc 1, 1, 2
                        add r2, r1, c0
                        add r3, r2, c0
                        add r1, r3, r1
                    else
                        mov r7, r1
                    endif
                """;
    }

    private static String loop(String body) {
        return "    loop i0\n" + body + "        add r1, r1, c0\n    endloop\n    mov r4, r1\n";
    }

    @Test
    void aChainOfIfsWithLongerThenParts() {
        // r7 is unwritten on the path through every then-part; before, the flow stopped after 8
        // rounds of the 30 this row took, and the read at its end was not found
        noLimitAndOnly(diamond().repeat(30) + "    mov o1, r7\n", "'r7.xyzw' may be read before it is written");
    }

    @Test
    void aChainOfLoops() {
        // 40 loops in a row, then color written in a loop of three passes: written twice
        String body = loop("        add r2, r1, c0\n        mul r1, r2, c0\n").repeat(40) + loop("        mov o1, r1\n");
        noLimitAndOnly(body, "output 'o1.xyzw' written twice");
    }

    @Test
    void loopsNestedFourDeepWithIfsInARow() {
        String inner = loop(loop(loop(loop(diamond()).replace("i0", "i0"))));
        String body = inner.repeat(6) + "    cmp 2, 2, r0.x, c0.x\n    ifc 1, 1, 2\n        mov o1, r1\n    endif\n";
        noLimitAndOnly(body, "output 'o1.xyzw' is not written on some path");
    }

    @Test
    void aSubroutineCalledFromLoopsInARow() {
        String src = HEAD.replace("main:", "sub:\n    add r2, r1, c0\n    cmp 2, 2, r2.x, c0.x\n    ifc 1, 1, 2\n        add r5, r2, r1\n        mul r1, r5, c0\n    else\n        mov r1, r2\n    endif\n    nop\n    ret\nmain:")
                + loop("        call sub\n        nop\n").repeat(20) + "    cmp 2, 2, r0.x, c0.x\n    ifc 1, 1, 2\n        mov o1, r1\n    endif\n" + TAIL;
        List<String> m = Asm.messages(Asm.run(src));
        assertTrue(m.stream().noneMatch(x -> x.contains("too complex")), String.join("\n", m));
        assertEquals(1, m.size(), String.join("\n", m));
        assertTrue(m.get(0).contains("output 'o1.xyzw' is not written on some path"), m.get(0));
    }
}
