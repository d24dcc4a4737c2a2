#version 330 core
#extension GL_ARB_separate_shader_objects : require
// Port of lovebrew/lovepotion platform/ctr/assets/shaders/main.v.pica
// (906511d4e05b47015da5bf85ad554fe6542b1c81): LÖVE Potion's 3DS shader, written for GLSL 3.30
// (output locations through GL_ARB_separate_shader_objects).
#include <pica.glsl>

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;
layout(location = 2) in vec2 inTexCoord;
layout(location = PICA_COLOR) out vec4 outColor;
layout(location = PICA_TEXCOORD0) out vec2 outTexCoord;

uniform mat4 projMtx;
uniform mat4 mdlvMtx;

void main() {
    gl_Position = projMtx * (mdlvMtx * vec4(inPosition, 1.0));
    outTexCoord = inTexCoord;
    outColor = inColor;
}
