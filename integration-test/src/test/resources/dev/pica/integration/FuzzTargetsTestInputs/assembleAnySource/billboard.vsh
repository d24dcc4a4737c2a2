// billboard.vsh: vertex shader feeding particle.gsh: eye-space centre and size.
#pragma bind_symbol(aPosition.xyz, v0)
#pragma bind_symbol(aSize.x, v1)
#pragma bind_symbol(ModelView, c0, c3)

#pragma output_map(generic, o0)
#pragma output_map(generic, o1)

def c95, 0.0, 1.0, 0.5, 2.0

main:
    mov     r0.xyz, v0
    mov     r0.w, c95.y
    m4x4    o0, r0, c0
    mov     o1, v1.xxxx
    end
endmain:
