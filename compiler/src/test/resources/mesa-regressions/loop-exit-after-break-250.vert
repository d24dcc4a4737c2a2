#version 450 core
// Mesa regression, shrunk from random program 250: seed 250 vertex 2 texcoord2[0]: picacc+sim 1.8919525, Mesa 0.09498513, exactly 0.09498681730563607 +- 0.000538
// input in0 0 = 1.1328125 -1.140625 1.8359375 -0.45703125
// input idx 1 = 0.0 5.0 4.0 3.0
// uniform u2 float = 0.4921875
// bool b0 = true
// bool b1 = false
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound view = 9.53674e-07 9.53674e-07 9.53674e-07
// random program, seed 250

layout(location = 0) in vec4 in0;
layout(location = 1) in vec4 idx;
uniform float u2;
uniform bool b0;
uniform bool b1;
layout(location = 6) out vec3 view;

void main() {
    float t0 = 3.75;
    for (int i0 = 0; i0 < 1; i0++) {
        t0 = 0.5;
        if ((u2 > (in0).x)) break;
    }
    gl_Position = vec4(0.5, 0.5, 0.5, 0.5);
    view = vec3(t0);
}
