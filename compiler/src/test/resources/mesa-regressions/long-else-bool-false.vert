#version 450 core
// An if on a bool uniform whose false part takes more words than an ELSE can encode (its 8-bit
// NUM: 255): an IFU's condition cannot be negated as an IFC's is (long-else-taken.vert), so this
// was an internal error ("'else' is 280 words long; at most 255 can be encoded"); picacc now
// emits the true part under ifb and jumps over the false part with jpb. This file takes the false part.
// input in0 0 = -0.5 0.25 -0.75 0.5
// uniform u0 vec4 = 0.75 -0.5 0.25 1
// bool b0 = false
// bound gl_Position = 0.001 0.001 0.001 0.001

layout(location = 0) in vec4 in0;
uniform vec4 u0;
uniform bool b0;

void main() {
    vec4 t = in0;
    if (b0) {
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
