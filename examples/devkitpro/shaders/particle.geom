#version 450 core
// particle.geom: each point a camera-facing quad, one strip of two triangles (the 3DS has no point
// sprites; the GLSL twin of particle.gsh). The host binds it with
// shaderProgramSetGsh(&program, &dvlb->DVLE[1], 3): a point of 3 registers (gl_Position, vColour, vSize).
#include <pica.glsl>
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = PICA_COLOR) in vec4 vColour[];
layout(location = PICA_GENERIC0) in float vSize[];
layout(location = PICA_COLOR) out vec4 colour;
layout(location = PICA_TEXCOORD0) out vec2 texcoord;
uniform mat4 projection;

const vec2 corners[4] = vec2[](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
    vec4 centre = gl_in[0].gl_Position;
    for (int i = 0; i < 4; i++) {      // unrolled: each vertex's place in the strip is a constant
        vec2 corner = corners[i];
        gl_Position = projection * (centre + vec4(corner * vSize[0], 0.0, 0.0));
        colour = vColour[0];
        texcoord = corner * 0.5 + 0.5;
        EmitVertex();
    }
    EndPrimitive();
}
