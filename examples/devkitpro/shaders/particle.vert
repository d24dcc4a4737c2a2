#version 450 core
// particle.vert: each particle's centre to eye space; its size and colour go on to particle.geom
// (the GLSL twin of billboard.vsh). Link both: picacc particle.vert particle.geom -o particle.shbin
#include <pica.glsl>
layout(location = 0) in vec3 position;          // v0
layout(location = 1) in float size;
layout(location = 2) in vec4 colour;
layout(location = PICA_COLOR) out vec4 vColour;  // o1
layout(location = PICA_GENERIC0) out float vSize; // o2: data for the geometry shader, no semantic
uniform mat4 modelView;

void main() {
    gl_Position = modelView * vec4(position, 1.0); // o0: what particle.geom reads as gl_in[0].gl_Position
    vColour = colour;
    vSize = size;
}
