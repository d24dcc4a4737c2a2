#version 450 core
// sky.vert: the GLSL twin of examples/sky.vsh (the same uniforms, inputs and outputs by name).
// Run it without a build step: picasim sky.vert --set ..., or in a JUnit test
//   new Simulator(Shader.build(Path.of("examples/glsl/sky.vert")))
#include <pica.glsl>

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;       // bytes, 0-255
layout(location = PICA_COLOR) out vec4 color;

uniform mat4 WORLDVIEWPROJ;                // rows, as citro3d's C3D_FVUnifMtx4x4 uploads them
uniform vec4 CURRENT_COLOR;
uniform vec4 FOG_COLOR;

void main() {
    vec4 p = WORLDVIEWPROJ * vec4(aPosition, 1.0);
    gl_Position = vec4(p.y, -p.x, p.z, p.w);   // the sky's screen is rotated as sky.vsh rotates it
    color = mix(CURRENT_COLOR, FOG_COLOR, aColor.x / 255.0);
}
