#version 450 core
// Mesa regression, shrunk from random program 145: seed 145 vertex 14 normalquat[0]: picacc+sim 3.0, Mesa -1.0, exactly -1.0 +- 9.54e-07
// input in0 0 = -1.3828125 -1.7421875 0.1171875 0.93359375
// input in1 1 = -0.9296875 1.4140625 1.5039062 1.8476562
// input in2 2 = -0.90625 0.125 -1.7929688 -0.9296875
// input idx 3 = 1.0 0.0 1.0 1.0
// uniform u6 float = 0.11328125
// uniform u9 vec4 = -0.31640625 0.71484375 -0.48046875 0.48828125
// uniform u10 float = 0.16796875
// bool b0 = false
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound normalquat = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// random program, seed 145

layout(location = 0) in vec4 in0;
layout(location = 1) in vec3 in1;
layout(location = 2) in vec2 in2;
layout(location = 3) in vec4 idx;
uniform float u6;
uniform vec4 u9;
uniform float u10;
uniform bool b0;
layout(location = 0) out vec4 normalquat;

void main() {
    float t1 = 0.5;
    for (int i0 = 0; i0 < 1; i0++) {
        t1 = 0.5;
        if ((0.5 <= u6)) break;
        t1 = (in0).y;
    }
    gl_Position = u9;
    normalquat = (((t1 / (in2).x) < u10) ? vec4(0.5, 0.5, 0.5, 0.5) : vec4(-4.0, -0.5, 1.375, -2.25));
}
