#version 450 core
// Mesa regression, shrunk from random program 8658: seed 8658 vertex 0 texcoord0w[0]: picacc+sim -4.0, Mesa 0.5, exactly 0.5 +- 9.54e-07
// input in0 0 = -0.03125 0.40625 -1.2226562 1.0390625
// input in1 1 = -1.0507812 0.29296875 -0.90234375 -1.1328125
// input in2 2 = 0.76953125 0.52734375 0.32421875 0.35546875
// input idx 3 = 3.0 0.0 3.0 3.0
// uniform arr1 vec4[5] = 0.6640625 1.0585938 -0.3515625 -1.3242188 -0.8125 0.71875 1.1210938 -1.1875 1.0976562 0.4296875 -0.63671875 0.578125 -0.94921875 -0.0625 0.4296875 1.0429688 1.3398438 -0.98828125 0.25 -0.68359375
// bool b0 = true
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound texcoord0w = 9.53674e-07
// random program, seed 8658

layout(location = 0) in vec4 in0;
layout(location = 1) in float in1;
layout(location = 2) in vec2 in2;
layout(location = 3) in vec4 idx;
uniform vec4 arr1[5];
uniform bool b0;
layout(location = 3) out float texcoord0w;

void main() {
    float t2 = in1;
    for (int i0 = 0; i0 < 4; i0++) {
        t2 = 0.5;
        if ((0.5 < (arr1[i0]).w)) break;
        for (int i1 = 0; i1 < 1; i1++) {
            t2 = -4.0;
        }
    }
    gl_Position = vec4(0.5, 0.5, 0.5, 0.5);
    texcoord0w = t2;
}
