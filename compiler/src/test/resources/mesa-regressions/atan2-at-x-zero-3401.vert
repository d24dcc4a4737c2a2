#version 450 core
// Mesa regression, shrunk from random program 3401: seed 3401 vertex 6 normalquat[0]: picacc+sim -1.5708008, Mesa 1.5707964, exactly 1.5707963267948966 +- 0.000254
// input in0 0 = -0.03515625 -1.9570312 -1.8554688 1.59375
// input in1 1 = -0.125 -1.2460938 0.63671875 1.3476562
// input in2 2 = -0.43359375 1.3164062 -0.11328125 0.8671875
// bool b0 = false
// bool b1 = false
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound normalquat = 0.000253640 0.000253640 0.000253640 0.000253640
// random program, seed 3401

layout(location = 0) in vec2 in0;
layout(location = 1) in vec4 in1;
layout(location = 2) in float in2;
uniform bool b0;
uniform bool b1;
layout(location = 0) out vec4 normalquat;

void main() {
    vec2 t1 = ceil((vec2(4.0, 4.0) * (in0).x));
    gl_Position = vec4(-0.25, -2.875, 1.5, 1.0);
    normalquat = atan(vec4(4.0, 3.125, 0.375, -3.75), (t1).xxxx);
}
