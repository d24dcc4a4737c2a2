// pica.glsl: the output locations of picacc's contract with the 3DS (docs/glsl.md, "Outputs").
// picacc finds this header without -I: #include <pica.glsl> (or "pica.glsl" when no file of
// that name is beside the including one).
//
//   layout(location = PICA_COLOR) out vec4 color;
//
// gl_Position is the position semantic; every other output names one of these locations with
// the type given. Any other location, or another type, is an error that prints this table.
#ifndef PICA_GLSL
#define PICA_GLSL 1

#define PICA_NORMALQUAT 0   // vec4: the normal as a quaternion, for fragment lighting
#define PICA_COLOR      1   // vec4: the vertex colour, r g b a in [0, 1]
#define PICA_TEXCOORD0  2   // vec2: texture unit 0's coordinates u v
#define PICA_TEXCOORD0W 3   // float: texture unit 0's w (cube maps, projective textures)
#define PICA_TEXCOORD1  4   // vec2: texture unit 1's coordinates u v
#define PICA_TEXCOORD2  5   // vec2: texture unit 2's coordinates u v
#define PICA_VIEW       6   // vec3: the view vector, for fragment lighting

// a vertex shader's data for a geometry shader (float to vec4, one register each, no semantic);
// the geometry shader reads it at the same location: layout(location = PICA_GENERIC0) in float size[];
#define PICA_GENERIC0   8
#define PICA_GENERIC1   9
#define PICA_GENERIC2   10
#define PICA_GENERIC3   11

#endif
