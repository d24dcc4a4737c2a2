#version 450 core
// Mesa regression, shrunk from random program 60004: refused before (past the 32 operand descriptors of MADs with the registers packed)
// input in0 0 = 1.5976562 -0.64453125 1.0625 0.45703125
// uniform u3 vec3 = 0.48046875 0.09765625 -0.2734375
// uniform u4 vec2 = -1.3789062 1.4765625
// uniform u5 float = -0.859375
// uniform u7 mat4 = 1.0234375 -0.43359375 1.078125 0.875 0.98046875 1.296875 -1.4453125 -1.1757812 0.15625 0.84375 -0.6484375 1.03125 0.625 -0.6015625 -0.8515625 1.3632812
// uniform u8 vec4 = -0.76171875 -0.32421875 0.05859375 1.0585938
// uniform u9 float = 0.98828125
// uniform u10 vec4 = -0.62109375 0.0546875 -1.140625 0.87890625
// bool b0 = false
// bool b1 = true
// bound gl_Position = 0.00273066 0.00273066 0.00223890 0.00273066
// bound view = 8.00671e-05 1.38294e-05 3.59435e-05
// random program, seed 60004

layout(location = 0) in vec3 in0;
uniform vec3 u3;
uniform vec2 u4;
uniform float u5;
uniform mat4 u7;
uniform vec4 u8;
uniform float u9;
uniform vec4 u10;
uniform bool b0;
uniform bool b1;
layout(location = 6) out vec3 view;

vec4 f0(vec2 f0p0) {
    return reflect(vec4(0.5, 0.5, 0.5, 0.5), (f0p0).yyxy);
}

void main() {
    vec3 t0 = (in0).xyz;
    float t1 = 0.5;
    vec4 t2 = f0(u4);
    t1 = atan(u5);
    gl_Position = t2;
    view = ((((0.5 < (t2).x) && (length((((acos(clamp(u9, -0.9375, 0.9375)) < 0.25) && !b0) ? u10 : vec4(0.0, 3.25, 2.25, 3.0))) <= ((0.5 <= ((((in0).y - log((((in0).y * (in0).y) + 0.125))) > 0.5) ? 0.5 : t1)) ? -4.0 : 0.5))) ? vec3(0.5, 0.5, 0.5) : t0) * (((0.5 < (t2).x) && (length((((acos(u9) < 0.5) && !b0) ? u10 : vec4(0.0, 3.25, 2.25, 3.0))) <= -4.0)) ? vec3(t1) : t0));
}
