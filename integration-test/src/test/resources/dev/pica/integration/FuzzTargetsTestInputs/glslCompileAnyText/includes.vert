#version 450 core
#include <pica.glsl>
#include "fuzz-lib.glsl"
layout(location = 0) in vec4 p;
layout(location = PICA_COLOR) out vec4 color;
void main() {
    gl_Position = scaled(p, 2.0);
    color = p;
}
