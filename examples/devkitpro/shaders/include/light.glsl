// One directional light, in view space: shared by the shaders that light their vertices.
uniform vec3 lightDirection;   // towards the light
uniform vec4 ambient;
uniform vec4 diffuse;

vec4 lit(vec3 normal) {
    return min(ambient + diffuse * max(dot(normalize(normal), lightDirection), 0.0), vec4(1.0));
}
