// common.h: register conventions shared by the example shaders.
#ifndef COMMON_H
#define COMMON_H

// Input attributes
#define aPosition   v0
#define aNormal     v1
#define aTexCoord   v2
#define aBoneIndex  v3
#define aBoneWeight v4

// Uniform layout
#define MODELVIEW   c0      // 4 rows
#define PROJECTION  c4      // 4 rows
#define LIGHT_DIR   c8      // eye-space direction towards the light, normalised
#define LIGHT_COLOR c9
#define MATERIAL    c10     // x = ambient, y = diffuse, z = specular, w = shininess
#define BONES       c16     // 3 rows per bone (4x3 matrices), up to 20 bones

// Constants
#define CONST       c95     // (0, 1, 0.5, 2)
#define ZERO        CONST.x
#define ONE         CONST.y
#define HALF        CONST.z

// cmp modes
#define EQ 0
#define NE 1
#define LT 2
#define LE 3
#define GT 4
#define GE 5
#endif
