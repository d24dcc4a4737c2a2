// transform_lib.vsh: a library (reference) object with subroutines; no main.
// Linked with a main object, it supplies skin_vertex and fog.
#include "include/common.h"

// skin_vertex: r0 = sum over two bones of weight * (BONES[index] * position), 4x3 matrices.
// in: aPosition, aBoneIndex (x, y = first row of each bone), aBoneWeight (x, y)
skin_vertex:
    mova    a0.xy, aBoneIndex
    mov     r15.w, ONE
    dp4     r14.x, aPosition, BONES[a0.x]
    dp4     r14.y, aPosition, BONES[a0.x+1]
    dp4     r14.z, aPosition, BONES[a0.x+2]
    dp4     r13.x, aPosition, BONES[a0.y]
    dp4     r13.y, aPosition, BONES[a0.y+1]
    dp4     r13.z, aPosition, BONES[a0.y+2]
    mul     r14.xyz, r14, aBoneWeight.x
    mad     r15.xyz, r13, aBoneWeight.y, r14
    mov     r0, r15
    ret
endskin_vertex:

// fog: r6.x = clamp((far - depth) * scale, 0, 1); c12 = (far, scale, -, -)
fog:
    add     r6.x, c12.x, -r0.z
    mul     r6.x, r6.x, c12.y
    max     r6.x, r6.x, ZERO
    min     r6.x, r6.x, ONE
    ret
endfog:
