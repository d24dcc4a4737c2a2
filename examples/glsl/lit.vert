#version 450 core
#include <pica.glsl>                       // PICA_COLOR, PICA_TEXCOORD0, ...: the output semantics
layout(location = 0) in vec3 position;     // v0
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;
uniform mat4 projection;                   // rows in c registers, as C3D_FVUnifMtx4x4 uploads a C3D_Mtx
uniform mat4 modelView;
uniform vec3 lightDirection;
uniform vec4 ambient, diffuse;

void main() {
    vec4 eye = modelView * vec4(position, 1.0);
    gl_Position = projection * eye;
    texcoord = uv;
    vec3 n = normalize(mat3(modelView) * normal);
    colour = min(ambient + diffuse * max(dot(n, lightDirection), 0.0), vec4(1.0));
}
