#version 450 core
// Mesa regression, shrunk from random program 50: seed 50 vertex 3 gl_Position[0]: picacc+sim 0.9145508, Mesa 0.5264133, exactly 0.5264132755925057 +- 0.00161
// input in0 0 = 1.8085938 0.265625 -0.5234375 -0.76171875
// input in1 1 = -1.2382812 -1.0742188 -0.33203125 -0.51953125
// uniform u1 float = -0.78515625
// bool b0 = true
// bound gl_Position = 8.70228e-06 9.53674e-07 9.53674e-07 9.53674e-07
// random program, seed 50

layout(location = 0) in vec2 in0;
layout(location = 1) in vec2 in1;
uniform float u1;
uniform bool b0;

void main() {
    vec4 t0 = vec4(0.5, 0.5, 0.5, 0.5);
    for (int i0 = 0; i0 < 1; i0++) {
        t0 = (t0 * 0.5);
        if ((u1 > 0.5)) break;
    }
    gl_Position = vec4((t0).y, vec2(-3.125, -1.875), ((0.5 > (in0).y) ? 1.875 : 0.5));
}
