#version 450 core
layout(location = 0) in vec4 position;
layout(location = 1) in vec3 normal;
uniform mat4 projection;
layout(location = 20) uniform vec4 tint;
uniform bool lit;
uniform vec4 arr[4];
layout(location = 1) out vec4 color;
void main() {
    gl_Position = projection * position;
    vec4 c = tint;
    if (lit) c = c * dot(normal, vec3(0.0, 0.0, 1.0));
    for (int i = 0; i < 3; i++) c += arr[i] * 0.5;
    color = c;
}
