#version 450 core
// Mesa regression, shrunk from random program 579: seed 579 vertex 0 texcoord1[0]: picacc+sim 0.0078125, Mesa -0.4049437, exactly -0.4049420981375941 +- 0.120
// input in0 0 = 0.4453125 0.42578125 -0.4296875 -1.171875
// input in1 1 = -1.46875 -1.5664062 -0.01953125 -1.2578125
// uniform arr1 vec4[4] = -0.8359375 0.0078125 0.4140625 -1.0039062 1.1328125 0.0546875 -0.19140625 -1.4023438 -0.9921875 -0.41796875 0.33984375 -0.03515625 1.1640625 -0.4375 0.6328125 0.41796875
// uniform u7 vec4 = -0.1640625 1.453125 0.42578125 1.25
// bool b0 = false
// bool b1 = true
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound texcoord1 = 9.53674e-07 9.53674e-07
// bound texcoord2 = 6.76513e-06 6.76513e-06
// random program, seed 579

layout(location = 0) in vec4 in0;
layout(location = 1) in vec3 in1;
uniform vec4 arr1[4];
uniform vec4 u7;
uniform bool b0;
uniform bool b1;
layout(location = 4) out vec2 texcoord1;
layout(location = 5) out vec2 texcoord2;

void main() {
    vec3 t1 = vec3(-1.75, 1.125, 0.5);
    float t2 = 0.5;
    for (int i0 = 0; i0 < 3; i0++) {
        t1 = (arr1[i0]).yxy;
        for (int i1 = 0; i1 < 1; i1++) {
            t2 = (t2 * 0.5);
        }
    }
    gl_Position = u7;
    texcoord1 = vec2((t1).x, ((in0).zyx).y);
    texcoord2 = vec2(t2);
}
