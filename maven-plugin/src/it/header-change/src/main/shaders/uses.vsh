#include "include/values.h"
#pragma output_map(position, o0)
def c0, BRIGHTNESS, 0, 0, 1
main:
    mul o0, c0, v0
    end
endmain:
