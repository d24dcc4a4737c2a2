#version 450 core
// Port of devkitPro/3ds-examples graphics/gpu/simple_tri/source/vshader.v.pica
// (a9aaa0c5fcc1e216c1aebd5395be0720a7dcb147): a projected position and a colour passed through.
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 colour;
layout(location = PICA_COLOR) out vec4 vertexColour;

uniform mat4 projection;

void main() {
    gl_Position = projection * vec4(position, 1.0);
    vertexColour = colour;
}
