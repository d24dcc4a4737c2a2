#version 450 core
// 2D sprites: position in pixels, texture coordinates passed through.
#include <pica.glsl>

layout(location = 0) in vec2 position;
layout(location = 1) in vec2 uv;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;

uniform mat4 projection;

void main() {
    gl_Position = projection * vec4(position, 0.0, 1.0);
    texcoord = uv;
}
