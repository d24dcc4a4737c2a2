#version 450 core
// Mesa regression, shrunk from random program 60181: refused before (past the 32 operand descriptors of MADs with the registers packed and with the identity lanes first; compiles once the rarest MADs' sources are copied)
// input in0 0 = -0.65625 0.00390625 1.6171875 -1.234375
// input in1 1 = 1.8203125 -0.4453125 1.5625 0.21875
// input in2 2 = -0.74609375 -1.28125 1.7070312 1.0585938
// uniform u1 mat4 = -1.1445312 -0.24609375 -0.89453125 1.3710938 0.7734375 -0.453125 0.1171875 0.6875 -0.05859375 0.79296875 0.58203125 -1.0585938 0.25 -1.1679688 -0.66796875 -0.83984375
// uniform u3 vec2 = -0.6484375 -0.20703125
// uniform u5 vec3 = 0.87109375 -1.0390625 -1.4101562
// uniform u6 vec4 = -0.71875 -0.9765625 1.0546875 0.91796875
// uniform u7 float = 1.0390625
// uniform u8 float = -0.578125
// bound gl_Position = 9.53674e-07 9.53674e-07 9.53674e-07 9.53674e-07
// random program, seed 60181

layout(location = 0) in vec2 in0;
layout(location = 1) in vec4 in1;
layout(location = 2) in vec4 in2;
uniform mat4 u1;
uniform vec2 u3;
uniform vec3 u5;
uniform vec4 u6;
uniform float u7;
uniform float u8;

void main() {
    vec4 t0 = (in1 + 0.125);
    vec4 t1 = in2;
    t1 = ((((atan((t1).z) > 0.5) ? 0.5 : (in2).x) < 0.5) ? t0 : (in1 * u1));
    for (int i0 = 0; i0 < 1; i0++) {
        if ((tan(clamp((in2).x, -1.25, 1.25)) > 0.5)) break;
        t1.zw = vec2(0.5, 0.5);
    }
    if ((0.5 < (t0).y)) {
        for (int i0 = 0; i0 < 1; i0++) {
            t1 = ((u7 < (((t0).z * (t0).z) + 0.125)) ? refract(t1, vec4(-3.125, -2.625, -2.0, -0.625), 1.0) : vec4(0.5, 0.5, 0.5, 0.5));
            t0 = (vec4(0.5, 0.5, 0.5, 0.5) + ((in1).w * (in1).w));
        }
    } else {
        t0 = acos((in0).yxxy);
    }
    gl_Position = (((((in2).z * (in2).z) + 0.5) < 3.625) ? vec4(0.5, 0.5, 0.5, 0.5) : ((mix(0.5, u8, (t1).y) <= 0.5) ? cos(in2) : t0));
}
