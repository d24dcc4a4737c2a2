// skinning.vsh: two-bone skinning through relative addressing (mova + c[a0.x]),
// using the subroutines of transform_lib.vsh and a loop over extra blend passes.
#include "include/common.h"

#pragma bind_symbol(aPosition.xyzw, v0)
#pragma bind_symbol(aNormal.xyz, v1)
#pragma bind_symbol(aTexCoord.xy, v2)
#pragma bind_symbol(aBoneIndex.xy, v3)
#pragma bind_symbol(aBoneWeight.xy, v4)
#pragma bind_symbol(ModelView, c0, c3)
#pragma bind_symbol(Projection, c4, c7)
#pragma bind_symbol(FogParams.xy, c12)
#pragma bind_symbol(Bones, c16, c75)
#pragma bind_symbol(UseFog, b0)

#pragma output_map(position, o0)
#pragma output_map(color, o1)
#pragma output_map(texture0, o2.xy)

def CONST, 0.0, 1.0, 0.5, 2.0
defi i0, 2, 0, 1          // three passes, aL = 0, 1, 2

main:
    call    skin_vertex
    m4x4    r1, r0, MODELVIEW
    m4x4    o0, r1, PROJECTION

    // brighten by the loop counter: r7 = 0.5 * (aL + 1)
    mov     r7, ZERO
    loop    i0
        add     r7.x, r7.x, HALF
        nop
    endloop

    ifb     b0
        mov     r0, r1
        call    fog
        nop
    else
        mov     r6.x, ONE
    endif
    mul     r6.x, r6.x, r7.x
    mov     r8, ONE
    mul     r8.xyz, r8, r6.x
    mov     o1, r8
    mov     o2.xy, aTexCoord
    end
endmain:
