#version 450 core
// Port of ClassiCube/ClassiCube misc/3ds/textured.v.pica (4a8d741455e5df72c9433b2165dfc298cf2e39ea):
// coloured.vert with texture coordinates passed through; uniforms pinned where the game
// uploads them (c0-c3, c5).
#include <pica.glsl>

layout(location = 0) in vec4 position;
layout(location = 1) in vec4 colourBytes;
layout(location = 2) in vec2 uv;
layout(location = PICA_COLOR) out vec4 colour;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;

layout(location = 0) uniform mat4 mvp;
layout(location = 5) uniform vec4 oneOver255;

void main() {
    gl_Position = mvp * position;
    colour = colourBytes * oneOver255;
    texcoord = uv;
}
