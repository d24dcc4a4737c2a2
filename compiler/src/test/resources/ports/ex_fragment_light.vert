#version 450 core
// Port of devkitPro/3ds-examples graphics/gpu/fragment_light/source/vshader.v.pica
// (a9aaa0c5fcc1e216c1aebd5395be0720a7dcb147): lenny.vert with texture coordinates.
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;
layout(location = PICA_VIEW) out vec3 view;
layout(location = PICA_NORMALQUAT) out vec4 normalQuat;

uniform mat4 projection;
uniform mat4 modelView;

vec4 quaternionOf(vec3 n) {
    float halfCos = 0.5 + 0.5 * n.z;
    if (halfCos <= 0.0)
        return vec4(1.0, 0.0, 0.0, 0.0);
    float r = inversesqrt(halfCos);
    return vec4(0.5 * r * n.xy, 1.0 / r, 0.0);
}

void main() {
    vec4 eye = modelView * vec4(position, 1.0);
    view = -eye.xyz;
    gl_Position = projection * eye;
    texcoord = uv;
    normalQuat = quaternionOf(normalize(mat3(modelView) * normal));
    colour = vec4(1.0);
}
