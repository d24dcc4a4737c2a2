#version 450 core
// Port of HyperDir/M3DS source/2dshader.v.pica (af7ec7de469a8f83959ccf3cfef96cfc20bdfd66):
// M3DS's 2D pass: model-view then projection, texture coordinates, a byte colour scaled to 0-1.
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 colourBytes;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;

uniform mat4 projection;
uniform mat4 modelView;

void main() {
    gl_Position = projection * (modelView * vec4(position, 1.0));
    colour = colourBytes / 255.0;
    texcoord = uv;
}
