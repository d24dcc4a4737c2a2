#version 450 core
// lit.hlsl's GLSL twin
#include <pica.glsl>
uniform mat4 projection;
uniform mat4 modelView;
uniform vec4 tint;
layout(location = 0) in vec4 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 color;
void main() {
    gl_Position = projection * (modelView * position);
    texcoord = uv;
    color = vec4(normal, 1.0) * tint;
}
