#version 450 core
// Mesa regression, from the public shaders campaign (docs/glsl.md 7.2): outputs assigned twice,
// the second time whole (view) and in part (color); each output register must be written once,
// and picacc wrote o1 and o2 twice (an internal error: the verifier's "output written twice")
// input position 0 = 0.5 -0.25 0.75 1
// input normal 1 = 0.125 0.5 -0.625 0
// uniform model mat4 = 0.5 0.25 -0.125 0 -0.375 0.75 0.25 0 0.125 -0.5 1 0 0.25 0.5 -0.75 1
// bound gl_Position = 0.001 0.001 0.001 0.001
// bound color = 0.001 0.001 0.001 0.001
// bound view = 0.001 0.001 0.001

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
uniform mat4 model;
layout(location = 1) out vec4 color;
layout(location = 6) out vec3 view;

void main() {
    view = normal;
    color = vec4(0.75);
    gl_Position = model * vec4(position, 1.0);
    view = mat3(model) * normal;
    color.xyz = normal * 0.5;
}
