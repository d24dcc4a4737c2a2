#version 450 core
// Port of devkitPro/3ds-examples graphics/gpu/normal_mapping/source/vshader.v.pica
// (a9aaa0c5fcc1e216c1aebd5395be0720a7dcb147): the tangent frame (tangent, bitangent, normal)
// as a quaternion for the fragment lighting unit's bump mapping, by the usual four-case
// conversion of a rotation matrix (the case whose diagonal sum is largest keeps precision).
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = 3) in vec3 tangent;
layout(location = PICA_TEXCOORD0) out vec2 texcoord0;
layout(location = PICA_TEXCOORD1) out vec2 texcoord1;
layout(location = PICA_COLOR) out vec4 colour;
layout(location = PICA_VIEW) out vec3 view;
layout(location = PICA_NORMALQUAT) out vec4 normalQuat;

uniform mat4 projection;
uniform mat4 modelView;

vec4 quaternionOf(vec3 t, vec3 b, vec3 n) {
    if (n.z <= 0.0) {
        if (t.x >= b.y)
            return vec4(1.0 + t.x - b.y - n.z, t.y + b.x, t.z + n.x, b.z - n.y);
        return vec4(t.y + b.x, 1.0 - t.x + b.y - n.z, b.z + n.y, n.x - t.z);
    }
    if (-t.x >= b.y)
        return vec4(t.z + n.x, b.z + n.y, 1.0 - t.x - b.y + n.z, t.y - b.x);
    return vec4(b.z - n.y, n.x - t.z, t.y - b.x, 1.0 + t.x + b.y + n.z);
}

void main() {
    vec4 eye = modelView * vec4(position, 1.0);
    view = -eye.xyz;
    gl_Position = projection * eye;
    texcoord0 = uv;
    texcoord1 = uv;

    // Unit normal and tangent in, so both come out of the model-view matrix the same length:
    // one scale serves both.
    mat3 rotation = mat3(modelView);
    vec3 n = rotation * normal;
    float scale = inversesqrt(dot(n, n));
    n *= scale;
    vec3 t = (rotation * tangent) * scale;
    vec3 b = cross(n, t);
    t = cross(b, n); // orthogonal again
    normalQuat = normalize(quaternionOf(t, b, n));
    colour = vec4(1.0);
}
