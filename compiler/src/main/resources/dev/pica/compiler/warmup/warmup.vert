#version 450 core
// The program a cold picacc runs through the back end while glslang compiles the user's shader
// (ColdStart, docs/performance.md): the least that takes every step (SPIR-V reading, translation,
// allocation, the SDK text, the assembler and its verifier, the object's bytes), so that the
// user's translation finds their classes linked and their call sites resolved. A longer program
// (a loop, a branch, a normal's lighting) warmed the back end no better and took twice as long.
// warmup.spv beside it is glslang's module of this file with the front end's options
// (WarmupTest holds them equal).
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 colour;
layout(location = 1) out vec4 vertexColour;
uniform mat4 projection;
void main() {
    gl_Position = projection * position;
    vertexColour = colour;
}
