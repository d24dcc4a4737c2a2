#pragma shader_stage(vertex)
// intrinsics, a 3x3 matrix, TEXCOORD1 and TEXCOORD2
float4x4 mvp;
float3x3 normalMatrix;
float3 lightDir;
float4 ambient;

struct VSOut {
    float4 pos : SV_Position;
    float4 col : COLOR;
    float2 uv1 : TEXCOORD1;
    float2 uv2 : TEXCOORD2;
};

VSOut main(float4 p : POSITION, float3 n : NORMAL, float2 uv : TEXCOORD0) {
    VSOut o;
    o.pos = mul(mvp, p);
    float3 nn = normalize(mul(normalMatrix, n));
    float d = saturate(dot(nn, lightDir));
    o.col = lerp(ambient, float4(1.0, 1.0, 1.0, 1.0), d);
    o.uv1 = uv * 2.0;
    o.uv2 = max(uv, float2(0.25, 0.5));
    return o;
}
