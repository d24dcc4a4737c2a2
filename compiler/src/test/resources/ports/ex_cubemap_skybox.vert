#version 450 core
// Port of devkitPro/3ds-examples graphics/gpu/cubemap/source/skybox.v.pica
// (a9aaa0c5fcc1e216c1aebd5395be0720a7dcb147): a sky box whose cube-map direction is the
// model-space position (u v w).
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = PICA_TEXCOORD0) out vec2 direction;
layout(location = PICA_TEXCOORD0W) out float directionW;

uniform mat4 projection;
uniform mat4 modelView;

void main() {
    gl_Position = projection * (modelView * vec4(position, 1.0));
    direction = position.xy;
    directionW = position.z;
}
