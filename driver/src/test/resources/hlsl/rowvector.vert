#version 450 core
// rowvector.hlsl's GLSL twin: v * M in GLSL is HLSL's mul(v, M)
#include <pica.glsl>
uniform mat4 world;
uniform vec4 offset;
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 colour;
layout(location = PICA_COLOR) out vec4 outColour;
void main() {
    gl_Position = position * world + offset;
    outColour = colour.bgra;
}
