#version 450 core
// Mesa regression, shrunk from random program 10107: seed 10107 vertex 1 texcoord1[0]: picacc+sim -1.4257812, Mesa 0.5, exactly 0.5 +- 9.54e-07
// input in0 0 = -1.9335938 -1.359375 -1.453125 -0.9921875
// input in1 1 = 0.8359375 1.3476562 1.5390625 -1.9375
// input in2 2 = 1.15625 1.3945312 -1.953125 1.1875
// uniform arr0 vec4[4] = -0.03515625 -1.4804688 0.1953125 -1.3867188 0.94140625 1.4609375 0.671875 1.3789062 -0.3984375 0.72265625 -0.7890625 -1.140625 -0.79296875 0.73828125 1.1757812 1.4960938
// uniform u5 vec2 = -1.4257812 1.0117188
// uniform u7 vec4 = 1.3945312 -0.59765625 0.578125 -0.26171875
// bool b0 = true
// bool b1 = true
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound texcoord1 = 9.53674e-07 9.53674e-07
// random program, seed 10107

layout(location = 0) in float in0;
layout(location = 1) in vec3 in1;
layout(location = 2) in float in2;
uniform vec4 arr0[4];
uniform vec2 u5;
uniform vec4 u7;
uniform bool b0;
uniform bool b1;
layout(location = 4) out vec2 texcoord1;

void main() {
    vec2 t1 = vec2(0.5, 0.5);
    for (int i0 = 0; i0 < 4; i0++) {
        t1 = vec2(0.5, 0.5);
        if (((arr0[i0]).z >= in2)) break;
        for (int i1 = 0; i1 < 1; i1++) {
            t1 = u5;
        }
    }
    gl_Position = u7;
    texcoord1 = t1;
}
