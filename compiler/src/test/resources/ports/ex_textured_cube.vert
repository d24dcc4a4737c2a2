#version 450 core
// Port of devkitPro/3ds-examples graphics/gpu/textured_cube/source/vshader.v.pica
// (a9aaa0c5fcc1e216c1aebd5395be0720a7dcb147): per-vertex lighting with one directional light:
// emission + specular (squared) + diffuse + ambient, clamped above at 1.
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;

uniform mat4 projection;
uniform mat4 modelView;
uniform vec4 lightVec;
uniform vec4 lightHalfVec;
uniform vec4 lightClr;
uniform vec4 material[4]; // ambient, diffuse, specular, emission

void main() {
    gl_Position = projection * (modelView * vec4(position, 1.0));
    texcoord = uv;

    vec3 n = normalize(mat3(modelView) * normal);
    float diffuse = max(-dot(lightVec.xyz, n), 0.0);
    float specular = max(-dot(lightHalfVec.xyz, n), 0.0);
    vec4 lit = material[3]
             + lightClr * (specular * specular) * material[2]
             + lightClr * diffuse * material[1]
             + lightClr * material[0];
    colour = min(lit, vec4(1.0));
}
