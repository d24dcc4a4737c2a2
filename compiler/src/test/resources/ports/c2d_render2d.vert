#version 450 core
// Port of devkitPro/citro2d source/render2d.v.pica (147b02aae021da61b1f620446ad2892ecc45411e):
// citro2d's one shader: two matrices, two sets of texture coordinates, and a colour given as
// bytes 0-255 scaled to 0-1.
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec2 procTexUv;
layout(location = 3) in vec4 colourBytes;
layout(location = PICA_TEXCOORD0) out vec2 texcoord0;
layout(location = PICA_TEXCOORD1) out vec2 texcoord1;
layout(location = PICA_COLOR) out vec4 colour;

uniform mat4 mdlvMtx;
uniform mat4 projMtx;

void main() {
    gl_Position = projMtx * (mdlvMtx * vec4(position, 1.0));
    texcoord0 = uv;
    texcoord1 = procTexUv;
    colour = colourBytes / 255.0;
}
