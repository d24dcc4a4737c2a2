#version 450 core
#include <pica.glsl>
layout(location = 0) in vec4 position;
layout(location = PICA_COLOR) out vec4 colour;
uniform mat4 projection;
uniform vec4 tint;
void main() {
    gl_Position = projection * position;
    colour = tnit;
}
// editors/nvim/picals-check.lua opens this shader: line 9 has glslang's error, line 8 hovers 'projection'
