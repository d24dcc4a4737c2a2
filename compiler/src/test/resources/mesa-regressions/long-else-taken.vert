#version 450 core
// An if whose else part takes more words than an ELSE can encode (its 8-bit NUM: 255) and whose
// then part is short: picacc emits the IFC with the condition negated and the parts swapped,
// where it gave an internal error ("'else' is 277 words long; at most 255 can be encoded",
// the Mesa campaign with the compiler of aad85e1, seeds 81141 and one more). This file takes the else part.
// input in0 0 = -0.5 0.25 -0.75 0.5
// uniform u0 vec4 = 0.75 -0.5 0.25 1
// bound gl_Position = 0.001 0.001 0.001 0.001

layout(location = 0) in vec4 in0;
uniform vec4 u0;

void main() {
    vec4 t = in0;
    if (in0.x > 0.0) {
        t = t * u0 + 0.5;
    } else {
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
        t = normalize(t * u0.z + in0.zwxy);
        t = normalize(t * u0.w + in0.xyzw);
        t = normalize(t * u0.x + in0.yzwx);
        t = normalize(t * u0.y + in0.wxyz);
    }
    gl_Position = t;
}
