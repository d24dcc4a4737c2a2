#version 450 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 1) out vec4 colour;
uniform mat4 projection;
uniform vec3 light;

float shade(vec3 n, vec3 l) {
    return max(dot(n, l), 0.0);
}

void main() {
    vec3 n = normalize(normal);
    float s = 0.0;
    for (int i = 0; i < 4; i++) {
        s += shade(n, light) * 0.25;
        n = n.yzx;
    }
    gl_Position = projection * vec4(position, 1.0);
    colour = vec4(s, s, s, 1.0);
}
