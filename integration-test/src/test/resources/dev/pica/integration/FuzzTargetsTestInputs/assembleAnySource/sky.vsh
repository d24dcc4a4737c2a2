// sky.vsh: sky dome shader (reconstructed from the SDK-built sky.shbin of shbin-format.md section 6)
#define aPosition v0
#pragma bind_symbol(aPosition.xyz, v0, v0)
#pragma bind_symbol(aColor.xyzw, v1)
#pragma bind_symbol(WORLDVIEWPROJ, c0, c3)
#pragma bind_symbol(CURRENT_COLOR, c4)
#pragma bind_symbol(FOG_COLOR, c5)
#pragma output_map(position, o0)
#pragma output_map(color, o1)
def c19, 1.0, -1.0, 1.0, 1.0
def c20, 0.003921568627, 0.003921568627, 0.003921568627, 0.003921568627

main:
    dp4 r0.x, c0, aPosition
    dp4 r0.y, c1, v0
    dp4 r0.z, c2, v0
    dp4 r0.w, c3, v0
    mov r0.xyz, r0.yxz
    mul o0, c19, r0
    mul r0, c20, v1
    mov r1, c5
    add r2, -c4, r1
    mad r2, r2, r0.x, c4
    mov o1, r2
    end
endmain:
