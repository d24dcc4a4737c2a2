#version 450 core
// Mesa regression, shrunk from random program 40: seed 40 vertex 1 view[0]: picacc+sim 0.15576172, Mesa 0.18359375, exactly 0.18359375 +- 1.23e-05
// input in0 0 = -1.7226562 -0.1328125 1.9609375 0.484375
// input in1 1 = 1.7695312 -1.34375 -0.59765625 1.3671875
// input idx 2 = 2.0 2.0 2.0 2.0
// uniform u2 float = 0.36328125
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound view = 9.53674e-07 9.53674e-07 9.53674e-07
// random program, seed 40

layout(location = 0) in float in0;
layout(location = 1) in vec3 in1;
layout(location = 2) in vec4 idx;
uniform float u2;
layout(location = 6) out vec3 view;

void main() {
    vec3 t0 = vec3(1.0);
    for (int i0 = 0; i0 < 1; i0++) {
        t0.zy = vec2(0.5, 0.5);
        if ((u2 < (in1).y)) break;
    }
    gl_Position = vec4(0.5, 0.5, 0.5, 0.5);
    view = t0;
}
