#pragma shader_stage(vertex)
// loose uniforms, out parameters, mul(v, m): the row vector times the matrix (M transposed times v)
float4x4 world;
float4 offset;

void main(float4 position : POSITION, float4 colour : COLOR,
          out float4 clip : SV_Position, out float4 outColour : COLOR0) {
    clip = mul(position, world) + offset;
    outColour = colour.bgra;
}
