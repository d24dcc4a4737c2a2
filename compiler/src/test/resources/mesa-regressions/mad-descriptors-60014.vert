#version 450 core
// Mesa regression, shrunk from random program 60014: refused before (past the 32 operand descriptors of MADs with the registers packed)
// input in0 0 = 1.21875 -0.32421875 0.62890625 1.9921875
// uniform u4 float = 0.9453125
// bool b0 = true
// bound gl_Position = 0.000513378 0.000513378 0.000513378 0.000513378
// random program, seed 60014

layout(location = 0) in float in0;
uniform float u4;
uniform bool b0;

void main() {
    float t1 = 0.5;
    vec4 t2 = (vec4(0.5, 0.5, 0.5, 0.5) * u4);
    t1 = (((in0 <= atan((t2).z, t1)) || ((atan(vec2(0.5, 0.5), (t2).zw)).x > u4)) ? in0 : -0.875);
    if ((t1 < -1.125)) {
    } else {
        t2 = vec4(0.5, 0.5, 0.5, 0.5);
    }
    gl_Position = (sin(t2) * acos(u4));
}
