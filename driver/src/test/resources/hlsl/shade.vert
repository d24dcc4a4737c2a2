#version 450 core
// shade.hlsl's GLSL twin
#include <pica.glsl>
uniform mat4 mvp;
uniform mat3 normalMatrix;
uniform vec3 lightDir;
uniform vec4 ambient;
layout(location = 0) in vec4 p;
layout(location = 1) in vec3 n;
layout(location = 2) in vec2 uv;
layout(location = PICA_COLOR) out vec4 col;
layout(location = PICA_TEXCOORD1) out vec2 uv1;
layout(location = PICA_TEXCOORD2) out vec2 uv2;
void main() {
    gl_Position = mvp * p;
    vec3 nn = normalize(normalMatrix * n);
    float d = clamp(dot(nn, lightDir), 0.0, 1.0);
    col = mix(ambient, vec4(1.0), d);
    uv1 = uv * 2.0;
    uv2 = max(uv, vec2(0.25, 0.5));
}
