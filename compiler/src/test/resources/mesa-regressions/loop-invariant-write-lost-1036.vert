#version 450 core
// Mesa regression, shrunk from random program 1036: seed 1036 vertex 0 gl_Position[0]: picacc+sim 10.747314, Mesa 7.200226, exactly 7.200226054479312 +- 0.00390
// input in0 0 = -1.8867188 0.74609375 0.20703125 0.51171875
// input in1 1 = 1.3515625 1.3984375 0.8046875 -0.203125
// input in2 2 = -0.421875 0.7578125 -0.7265625 -1.9179688
// input idx 3 = 0.0 3.0 1.0 3.0
// uniform u1 float = 1.1132812
// bool b0 = false
// bool b1 = false
// bound gl_Position = 6.37900e-05 6.37900e-05 6.37900e-05 6.37900e-05
// random program, seed 1036

layout(location = 0) in vec2 in0;
layout(location = 1) in vec4 in1;
layout(location = 2) in vec2 in2;
layout(location = 3) in vec4 idx;
uniform float u1;
uniform bool b0;
uniform bool b1;

void main() {
    vec4 t0 = vec4(0.5, 0.5, 0.5, 0.5);
    if ((0.5 < u1)) {
        t0 = vec4(-0.375, ((in0).xxxy).yzw);
        for (int i0 = 0; i0 < 1; i0++) {
            t0 = vec4(0.5, 0.5, 0.5, 0.5);
        }
    }
    gl_Position = mix(t0, vec4(0.5, 0.5, 0.5, 0.5), (in1).x);
}
