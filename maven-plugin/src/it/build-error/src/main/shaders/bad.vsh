#pragma output_map(position, o0)
main:
    mov r0, c96
    mov o0, v0
    frob r1
    end
endmain:
