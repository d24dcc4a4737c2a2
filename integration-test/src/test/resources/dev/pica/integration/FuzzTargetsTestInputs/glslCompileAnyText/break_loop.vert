#version 410 core
layout(location = 0) in vec4 position;
layout(location = 1) in float x;
uniform float limit;
uniform int count;
layout(location = 1) out vec4 color;
void main() {
    gl_Position = position;
    float acc = 0.0;
    for (int i = 0; i < count; i++) {
        if (acc > limit) break;
        if (x > 1.5) continue;
        acc += x;
    }
    if (x < 0.5) color = vec4(acc, 0.0, 0.0, 1.0);
    else color = vec4(0.0, acc, 1.0, 1.0);
}
