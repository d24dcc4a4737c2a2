#pragma output_map(position, o0)
main:
    mov o0, v0
    end
endmain:
