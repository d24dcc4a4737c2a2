#pragma output_map(position, o0)
main:
    call sub
    mov o0, r0
    end
endmain:
