#version 450 core
// Port of HyperDir/M3DS source/3dshader.v.pica (af7ec7de469a8f83959ccf3cfef96cfc20bdfd66):
// skinning with up to four bones of 28 (each a 4x3 matrix: three rows), then lenny's outputs
// for the fragment lighting unit. A vertex whose weights are all zero is not skinned.
#include <pica.glsl>

layout(location = 0) in vec4 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec3 normal;
layout(location = 3) in vec4 boneIndices;
layout(location = 4) in vec4 boneWeights;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
layout(location = PICA_COLOR) out vec4 colour;
layout(location = PICA_VIEW) out vec3 view;
layout(location = PICA_NORMALQUAT) out vec4 normalQuat;

uniform mat4 projection;
uniform mat4x3 modelView;
uniform mat4x3 bones[28];

void addBone(float index, float weight, vec4 p, inout vec3 skinned, inout vec3 skinnedNormal) {
    if (weight == 0.0)
        return;
    mat4x3 bone = bones[int(index)];
    skinned += (bone * p) * weight;
    skinnedNormal += (mat3(bone) * normal) * weight;
}

vec4 quaternionOf(vec3 n) {
    float halfCos = 0.5 + 0.5 * n.z;
    if (halfCos <= 0.0)
        return vec4(1.0, 0.0, 0.0, 0.0);
    float r = inversesqrt(halfCos);
    return vec4(0.5 * r * n.xy, 1.0 / r, 0.0);
}

void main() {
    vec3 p = position.xyz;
    vec3 n = normal;
    if (dot(boneWeights, boneWeights) != 0.0) {
        vec4 p1 = vec4(position.xyz, 1.0);
        p = vec3(0.0);
        n = vec3(0.0);
        addBone(boneIndices.x, boneWeights.x, p1, p, n);
        addBone(boneIndices.y, boneWeights.y, p1, p, n);
        addBone(boneIndices.z, boneWeights.z, p1, p, n);
        addBone(boneIndices.w, boneWeights.w, p1, p, n);
        n = normalize(n);
    }
    n = normalize(mat3(modelView) * n);
    vec4 eye = vec4(modelView * vec4(p, 1.0), 1.0);
    view = -eye.xyz;
    gl_Position = projection * eye;
    texcoord = uv;
    normalQuat = quaternionOf(n);
    colour = vec4(1.0);
}
