#version 450 core
// Port of devkitPro/citro3d test/3ds/source/vshader.v.pica (9f21cf7b380ce6f9e01a0420f19f0763e5443ca7):
// citro3d's test program: textured_cube's lighting with the texture coordinates moved by a
// 2x4 texture matrix (two rows).
#include <pica.glsl>

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 uv;
layout(location = 2) in vec3 normal;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;

uniform mat4 projection;
uniform mat4 modelView;
uniform mat4x2 texView;
uniform vec4 lightVec;
uniform vec4 lightHalfVec;
uniform vec4 lightClr;
uniform vec4 material[4]; // ambient, diffuse, specular, emission

void main() {
    gl_Position = projection * (modelView * vec4(position, 1.0));
    texcoord = texView * uv;

    vec3 n = normalize(mat3(modelView) * normal);
    float diffuse = max(-dot(lightVec.xyz, n), 0.0);
    float specular = max(-dot(lightHalfVec.xyz, n), 0.0);
    vec4 lit = material[3]
             + lightClr * (specular * specular) * material[2]
             + lightClr * diffuse * material[1]
             + lightClr * material[0];
    colour = min(lit, vec4(1.0));
}
