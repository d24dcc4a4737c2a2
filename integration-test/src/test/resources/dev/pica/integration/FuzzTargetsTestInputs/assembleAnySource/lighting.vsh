// lighting.vsh: per-vertex Blinn-Phong lighting with nrm and pow.
#include "include/common.h"

#pragma bind_symbol(aPosition.xyzw, v0, v0)
#pragma bind_symbol(aNormal.xyz, v1)
#pragma bind_symbol(aTexCoord.xy, v2)
#pragma bind_symbol(ModelView, c0, c3)
#pragma bind_symbol(Projection, c4, c7)
#pragma bind_symbol(LightDir.xyz, c8)
#pragma bind_symbol(LightColor, c9)
#pragma bind_symbol(Material, c10)

#pragma output_map(position, o0)
#pragma output_map(color, o1)
#pragma output_map(texture0, o2.xy)

def CONST, 0.0, 1.0, 0.5, 2.0

main:
    // eye-space position and normal
    m4x4    r0, aPosition, MODELVIEW
    m4x4    o0, r0, PROJECTION
    m3x3    r1.xyz, aNormal, MODELVIEW
    nrm     r1, r1

    // diffuse = max(N.L, 0)
    dp3     r2.x, LIGHT_DIR, r1
    max     r2.x, r2.x, ZERO

    // half vector H = normalize(L - normalize(P))
    nrm     r3, r0
    sub     r3.xyz, LIGHT_DIR, r3
    nrm     r3, r3
    dp3     r2.y, r3, r1
    max     r2.y, r2.y, ZERO

    // specular = (N.H)^shininess, only when the surface faces the light (0 < N.L);
    // the constant must be cmp's first operand: only that slot can read a c register
    cmp     LT, LT, CONST.x, r2.x
    ifc     1, 1, 2
        pow     r4.x, r2.y, MATERIAL.w
    else
        mov     r4.x, ZERO
    endif

    // colour = light * (ambient + diffuse * kd + specular * ks)
    mul     r5.x, r2.x, MATERIAL.y
    add     r5.x, r5.x, MATERIAL.x
    mad     r5.x, r4.x, MATERIAL.z, r5.x
    mul     r5, LIGHT_COLOR, r5.x
    mov     r5.w, ONE
    mov     o1, r5
    mov     o2.xy, aTexCoord
    end
endmain:
