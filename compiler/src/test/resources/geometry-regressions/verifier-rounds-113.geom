#version 450 core
// random geometry shader, seed 113 (GeometryDifferentialTest, bodies 3 deep): its 27 ifs in a row ran the
// verifier's data flow past its budget of rounds, an internal compiler error (GeometryShaderTest)

layout(points) in;
layout(triangle_strip, max_vertices = 9) out;
layout(location = 8) in vec2 in0_in[];
layout(location = 9) in vec2 in1_in[];
layout(location = 10) in vec4 in2_in[];
layout(location = 11) in vec4 idx_in[];
uniform vec4 arr0[3];
uniform mat2 u1;
uniform vec2 u2;
uniform float u3;
uniform float u4;
uniform mat4 u5;
uniform vec3 u6;
uniform bool b0;
uniform bool b1;
uniform float gcull;
layout(location = 0) out vec4 normalquat;
layout(location = 1) out vec4 color;

float f0(float f0p0, float f0p1) {
    vec2 t0 = (((dot((u1 * vec2(3.25, 0.375)), (vec2(f0p0) * 1.25)) >= (vec4(f0p1)).y) ? vec2(-2.875, -2.625) : vec2(f0p0))).xy;
    return (t0).x;
}

void body(vec2 in0, vec2 in1, vec4 in2, vec4 idx) {
    vec3 t1 = clamp((vec3(u2, u3) * vec3(4.0, -2.75, -2.375)), vec3(-2.625, -2.625, -2.625), vec3(-1.375, -1.375, -1.375));
    if ((!b0 && ((t1).y <= u4))) {
        t1 = (in2).wzy;
        for (int i0 = 0; i0 < 3; i0++) {
            t1 = ((t1 * 0.5) + (arr0[i0]).www);
        }
    } else {
        t1 = (in1).xyx;
    }
    for (int i0 = 0; i0 < 4; i0++) {
        t1 = smoothstep(vec3(-0.5, -0.5, -0.5), vec3(1.75, 1.75, 1.75), vec3(0.75));
        t1 = ((t1 * 0.5) + abs(((tan(clamp(sqrt((((in0).y * (in0).y) + 0.125)), -1.25, 1.25)) < (arr0[1]).w) ? (in1).yyy : (in2).ywz)));
    }
    gl_Position = (((exp2(clamp(sign((in2).x), -4.0, 4.0)) < f0((in0).x, (in2).z)) ? tan(clamp((in0).xyxy, -1.25, 1.25)) : arr0[int(idx.x)]) * u5);
    normalquat = (!b0 ? (arr0[int(idx.y)] * refract(normalize(in2), normalize(in2), 0.875)) : exp2(clamp(((sqrt((abs(inversesqrt((abs(-0.75) + 0.125))) + 0.125)) >= (in0).y) ? vec4(-1.875, 2.75, -0.25, -2.625) : in2), -4.0, 4.0)));
    if (((in0).y <= f0((in2).x, 3.625))) {
        color = floor(arr0[int(idx.w)]);
    } else {
        color = (acos(clamp(vec4(u6, (t1).y), -0.9375, 0.9375))).xxyy;
    }
}

void main() {
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 1.0;
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 2.0;
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 3.0;
    EmitVertex();
    EndPrimitive();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 1.0;
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 2.0;
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 3.0;
    EmitVertex();
    body(in0_in[0], in1_in[0], in2_in[0], idx_in[0]);
    gl_Position.x += 4.0;
    EmitVertex();
    EndPrimitive();
}
