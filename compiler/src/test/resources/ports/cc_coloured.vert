#version 450 core
// Port of ClassiCube/ClassiCube misc/3ds/coloured.v.pica (4a8d741455e5df72c9433b2165dfc298cf2e39ea).
// ClassiCube uploads by register number (c0-c3 the MVP matrix, c4 a texture offset, c5 the
// constant 1/255), so the port pins each uniform where the game writes it.
#include <pica.glsl>

layout(location = 0) in vec4 position;
layout(location = 1) in vec4 colourBytes;
layout(location = PICA_COLOR) out vec4 colour;

layout(location = 0) uniform mat4 mvp;
layout(location = 5) uniform vec4 oneOver255;

void main() {
    gl_Position = mvp * position;
    colour = colourBytes * oneOver255;
}
