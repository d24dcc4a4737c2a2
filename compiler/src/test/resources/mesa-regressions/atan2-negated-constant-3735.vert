#version 450 core
// Mesa regression, shrunk from random program 3735: seed 3735 vertex 0 gl_Position[2]: picacc+sim 2.0161133, Mesa -1.1254839, exactly -1.1254838267948966 +- 0.000285
// input in0 0 = 0.34375 -0.3515625 0.4453125 1.3398438
// bound gl_Position = 0.000214018 0.000215207 0.000253640 0.000263637
// random program, seed 3735

layout(location = 0) in vec3 in0;

void main() {
    gl_Position = atan((in0).xzyx, (- vec4(-3.5, -4.0, 0.0, -0.25)));
}
