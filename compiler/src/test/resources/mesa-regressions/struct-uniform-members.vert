#version 450 core
// Mesa regression, from the public shaders campaign (docs/glsl.md 7.2): a uniform struct's members
// are uniforms named 's.member' (tint.color, tint.scale; scene.sun.direction a struct's struct), which
// the assembly spelt in bind_symbol, where the assembler took '.color' for a component mask (an
// internal error), and the simulator knew each by the name before the first dot
// input position 0 = 0.5 -0.25 0.75 1
// uniform tint.color vec4 = 0.25 0.5 -0.75 1
// uniform tint.scale float = 1.5
// uniform scene.sun.direction vec3 = 0.5 -0.125 0.25
// bound gl_Position = 0.001 0.001 0.001 0.001
// bound color = 0.001 0.001 0.001 0.001

struct Tint { vec4 color; float scale; };
struct Light { vec3 direction; };
layout(location = 0) in vec3 position;
uniform Tint tint;
struct Scene { Light sun; };
uniform Scene scene;
layout(location = 1) out vec4 color;

void main() {
    gl_Position = vec4(position * tint.scale, 1.0);
    color = tint.color * dot(position, scene.sun.direction);
}
