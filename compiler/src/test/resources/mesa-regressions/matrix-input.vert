#version 450 core
// Mesa regression, from the public shaders campaign (docs/glsl.md 7.2): a mat4 input, a per-instance
// transform in four attributes (LearnOpenGL's instanced asteroids, raylib's instanced lighting), its
// columns in v3-v6 as OpenGL's locations 3-6, read whole and by column; picacc refused it (not
// a float vector)
// input position 0 = 0.5 -0.25 0.75 1
// input normal 1 = 0.125 0.5 -0.625 0
// input instance[0] 3 = 0.5 0.25 -0.125 0
// input instance[1] 4 = -0.375 0.75 0.25 0
// input instance[2] 5 = 0.125 -0.5 1 0
// input instance[3] 6 = 0.25 0.5 -0.75 1
// uniform viewProjection mat4 = 1 0.25 0 0.125 0 0.75 -0.25 0 0.5 0 1 0.25 0 0.125 0 1
// bound gl_Position = 0.001 0.001 0.001 0.001
// bound view = 0.001 0.001 0.001

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 3) in mat4 instance;
uniform mat4 viewProjection;
layout(location = 6) out vec3 view;

void main() {
    gl_Position = viewProjection * instance * vec4(position, 1.0);
    view = mat3(instance) * normal + instance[3].xyz;
}
