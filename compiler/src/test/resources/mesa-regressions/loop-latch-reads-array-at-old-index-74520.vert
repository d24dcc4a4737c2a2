#version 450 core
// Mesa regression, shrunk from random program 74520: seed 74520 vertex 0 gl_Position[0]: picacc+sim -0.8942566, Mesa 1.6834412, exactly 1.683441162109375 +- 6.37e-05
// input in0 0 = 1.0078125 -1.8398438 -0.71484375 0.34765625
// input idx 1 = 0.0 0.0 2.0 3.0
// uniform arr0 vec4[4] = 0.96484375 -0.03125 0.21484375 -0.08984375 -1.1367188 0.66796875 -0.72265625 -0.56640625 1.4492188 -0.90625 -0.93359375 1.2695312 -1.2421875 -1.3085938 -0.3984375 0.8046875
// uniform u1 float = -0.7734375
// uniform u5 vec4 = -1.2265625 -0.484375 0.73828125 -0.13671875
// bool b0 = false
// bound gl_Position = 6.37224e-05 3.04300e-05 4.18195e-05 1.48351e-05
// random program, seed 74520

layout(location = 0) in vec4 in0;
layout(location = 1) in vec4 idx;
uniform vec4 arr0[4];
uniform float u1;
uniform vec4 u5;
uniform bool b0;

void main() {
    vec4 t1 = vec4(0.5, 0.5, 0.5, 0.5);
    float t2 = u1;
    for (int i0 = 0; i0 < 1; i0++) {
        if (b0) break;
        t1 = arr0[i0];
        for (int i1 = 0; i1 < 1; i1++) {
            t2 = 0.5;
        }
    }
    gl_Position = (vec4(t2) - (u5 * (t1).x));
}
