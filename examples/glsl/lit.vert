#version 450 core
// A lit, textured vertex shader for citro3d, in GLSL: build it with
//   picacc -c lit.vert -o lit.o && picalink lit.o -o lit.shbin
// and upload the uniforms by name as for any shader (docs/glsl.md):
//   C3D_FVUnifMtx4x4(GPU_VERTEX_SHADER, shaderInstanceGetUniformLocation(vsh, "projection"), &projection);
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;

layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;

uniform mat4 projection;
uniform mat4 modelView;
uniform vec3 lightDirection;   // towards the light, in view space
uniform vec4 ambient;
uniform vec4 diffuse;

void main() {
    vec4 eye = modelView * vec4(position, 1.0);
    gl_Position = projection * eye;
    texcoord = uv;
    vec3 n = normalize(mat3(modelView) * normal);
    float lambert = max(dot(n, lightDirection), 0.0);
    colour = min(ambient + diffuse * lambert, vec4(1.0));
}
