#version 450 core
// A lit vertex shader; the program uploads the uniforms by name (shaderInstanceGetUniformLocation).
#include <pica.glsl>
#include "include/light.glsl"

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = PICA_COLOR) out vec4 colour;

uniform mat4 projection;
uniform mat4 modelView;

void main() {
    gl_Position = projection * (modelView * vec4(position, 1.0));
    colour = lit(mat3(modelView) * normal);
}
