#version 450 core
// Mesa regression, from the public shaders campaign (docs/glsl.md 7.2): inverse() and determinant()
// of a mat2, mat3 and mat4, held by rows (uniforms) and by columns (constructed), as in the normal
// matrix transpose(inverse(mat3(model))); picacc refused them ('expected a scalar or vector, found
// Mat', an internal error)
// input position 0 = 0.5 -0.25 0.75 1
// input normal 1 = 0.125 0.5 -0.625 0
// uniform m4 mat4 = 2 0.25 -0.5 0.125 0.5 1.5 0.25 -0.25 -0.25 0.5 1.75 0 0.5 -0.75 0.25 1.25
// uniform m3 mat3 = 1.5 0.25 -0.5 0.5 2 0.25 -0.25 0.5 1.25
// uniform m2 mat2 = 1.5 0.5 -0.25 1.25
// bound gl_Position = 0.001 0.001 0.001 0.001
// bound color = 0.001 0.001 0.001 0.001
// bound texcoord0 = 0.001 0.001
// bound view = 0.002 0.002 0.002

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
uniform mat4 m4;
uniform mat3 m3;
uniform mat2 m2;
layout(location = 1) out vec4 color;
layout(location = 2) out vec2 texcoord0;
layout(location = 6) out vec3 view;

void main() {
    gl_Position = inverse(m4) * vec4(position, 1.0);
    mat3 n = transpose(inverse(mat3(m4)));
    color = vec4(n * normal + inverse(m3) * position, determinant(m4));
    mat2 c = mat2(position.xy + 2.0, normal.zy + vec2(0.5, 1.5));
    texcoord0 = inverse(m2) * position.xy + inverse(c) * normal.xy;
    view = vec3(determinant(m2), determinant(m3), determinant(c));
}
