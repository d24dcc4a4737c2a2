// particle.gsh: geometry shader expanding each point into a camera-facing quad
// (two triangles sharing an edge).
#pragma gs_assemble_as_geometry_shader
#pragma gs_data_mode(0)

#pragma bind_symbol(Projection, c0, c3)
#pragma bind_symbol(ParticleColor, c4)
#pragma output_map(position, o0)
#pragma output_map(color, o1)
#pragma output_map(texture0, o2.xy)

// corner offsets and texture coordinates: (x, y, u, v)
def c80, -1.0, -1.0, 0.0, 0.0
def c81,  1.0, -1.0, 1.0, 0.0
def c82, -1.0,  1.0, 0.0, 1.0
def c83,  1.0,  1.0, 1.0, 1.0

// corner: writes one vertex; r1 = eye-space centre, r2.x = size, r3 = (dx, dy, u, v)
corner:
    mad     r0.xy, r3.xy, r2.x, r1.xy
    mov     r0.zw, r1.zw
    m4x4    o0, r0, c0
    mov     o1, c4
    mov     o2.xy, r3.zw
    ret

main:
    mov     r1, v0                  // centre from billboard.vsh
    mov     r2.x, v1.x              // size
    mov     r3, c80
    call    corner
    smf     0, 0, 0                 // vertex 0
    vout
    mov     r3, c81
    call    corner
    smf     0, 0, 1                 // vertex 1
    vout
    mov     r3, c82
    call    corner
    smf     0, 1, 2                 // vertex 2, completes triangle 0-1-2
    vout
    mov     r3, c83
    call    corner
    smf     1, 1, 0                 // vertex 0 again, triangle 3-1-2 with inverted winding
    vout
    end
endmain:
