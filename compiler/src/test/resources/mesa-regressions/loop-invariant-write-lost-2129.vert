#version 450 core
// Mesa regression, shrunk from random program 2129: seed 2129 vertex 0 gl_Position[1]: picacc+sim -2.3554688, Mesa 2.4660633, exactly 2.4660628868235603 +- 0.00118
// input in0 0 = -1.6679688 0.64453125 1.859375 1.7304688
// input in1 1 = 1.109375 0.05859375 -0.2734375 -1.4140625
// input idx 2 = 1.0 3.0 1.0 1.0
// uniform u2 vec3 = 0.2265625 0.62109375 0.98046875
// uniform u8 float = 0.74609375
// bool b0 = true
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// bound view = 9.53674e-07 9.53674e-07 9.53674e-07
// random program, seed 2129

layout(location = 0) in vec3 in0;
layout(location = 1) in vec2 in1;
layout(location = 2) in vec4 idx;
uniform vec3 u2;
uniform float u8;
uniform bool b0;
layout(location = 6) out vec3 view;

void main() {
    vec4 t2 = vec4(-2.0, -2.0, -2.0, -2.0);
    if ((0.5 <= (in0).y)) {
        t2 = vec4(u2, -0.125);
        for (int i0 = 0; i0 < 1; i0++) {
            t2 = vec4(0.5, 0.5, 0.5, 0.5);
        }
    }
    gl_Position = vec4(u8, 0.5, 0.5, (t2).y);
    view = (t2).xzz;
}
