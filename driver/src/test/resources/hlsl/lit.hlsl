#pragma shader_stage(vertex)
// cbuffers and a loose uniform, struct input and output, mul(m, v) with citro3d's rows
cbuffer Transforms {
    float4x4 projection;
    float4x4 modelView;
};
float4 tint;

struct VSIn {
    float4 position : POSITION;
    float2 uv : TEXCOORD0;
    float3 normal : NORMAL;
};

struct VSOut {
    float4 position : SV_Position;
    float2 texcoord : TEXCOORD0;
    float4 color : COLOR0;
};

VSOut main(VSIn input) {
    VSOut o;
    o.position = mul(projection, mul(modelView, input.position));
    o.texcoord = input.uv;
    o.color = float4(input.normal, 1.0) * tint;
    return o;
}
