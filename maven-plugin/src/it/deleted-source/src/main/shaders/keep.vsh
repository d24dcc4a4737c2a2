#pragma output_map(position, o0)
main:
    mov o0, v1
    end
endmain:
