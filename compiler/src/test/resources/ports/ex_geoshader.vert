#version 450 core
// Port of devkitPro/3ds-examples graphics/gpu/geoshader/source/program.v.pica
// (a9aaa0c5fcc1e216c1aebd5395be0720a7dcb147): the vertex stage in front of a geometry shader,
// which hands the position (w = 1) and the colour on untouched.
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 colour;
layout(location = PICA_COLOR) out vec4 vertexColour;

void main() {
    gl_Position = vec4(position, 1.0);
    vertexColour = colour;
}
