// dbg.vsh: the debug adapter's test shader (line numbers matter to the tests)
#define aPosition v0
#define scale c0
#pragma bind_symbol(aPosition.xyzw, v0, v0)
#pragma bind_symbol(scale, c0)
#pragma output_map(position, o0)
#pragma output_map(color, o1)
def c10, 1.0, 0.0, -1.0, 2.0

main:
    mov     r0, aPosition
    call    double

    mul     r1, r0, scale
    mov     o0, r1
    mov     o1, c10
    end
endmain:

double:
    add     r0, r0, r0
    nop
    ret
enddouble:
