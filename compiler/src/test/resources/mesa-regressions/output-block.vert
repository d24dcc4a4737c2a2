#version 450 core
// Mesa regression, from the public shaders campaign (docs/glsl.md 7.2): an output block of the
// program's own (LearnOpenGL's out VS_OUT { ... } vs_out), its members at the block's location
// counting up and at one of their own; picacc took every output block for gl_PerVertex and refused
// each member as 'gl_PointSize and gl_ClipDistance do not exist on the 3DS'
// input position 0 = 0.5 -0.25 0.75 1
// input normal 1 = 0.125 0.5 -0.625 0
// uniform model mat4 = 0.5 0.25 -0.125 0 -0.375 0.75 0.25 0 0.125 -0.5 1 0 0.25 0.5 -0.75 1
// bound gl_Position = 0.001 0.001 0.001 0.001
// bound VS_OUT.worldPos@o2 = 0.001 0.001 0.001
// bound VS_OUT.normal@o3 = 0.001 0.001 0.001
// bound VS_OUT.height@o4 = 0.001
// bound VS_OUT.uv@texcoord0 = 0.001 0.001

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
uniform mat4 model;
layout(location = 8) out VS_OUT {
    vec3 worldPos;
    vec3 normal;
    float height;
    layout(location = 2) vec2 uv;
} vs_out;

void main() {
    vec4 world = model * vec4(position, 1.0);
    vs_out.worldPos = world.xyz;
    vs_out.normal = normalize(mat3(model) * normal);
    vs_out.height = world.y * 0.5;
    vs_out.uv = position.xz + 0.5;
    gl_Position = world;
}
