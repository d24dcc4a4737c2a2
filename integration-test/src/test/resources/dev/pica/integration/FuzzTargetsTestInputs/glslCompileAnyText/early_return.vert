#version 450 core
layout(location = 0) in vec4 position;
layout(location = 0) out vec4 quat;
vec4 pick(vec3 n) {
    if (n.z <= 0.0) {
        if (n.x >= n.y) return vec4(1.0, n.x, 0.0, 0.0);
        return vec4(0.0, 1.0, n.y, 0.0);
    }
    if (-n.x >= n.y) return vec4(n.z, 0.0, 1.0, 0.0);
    return vec4(0.0, n.z, 0.0, 1.0);
}
void main() {
    gl_Position = position;
    quat = pick(position.xyz);
}
