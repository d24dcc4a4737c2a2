#pragma output_map(position, o0)
#pragma bind_symbol(pos, v0)
#pragma bind_symbol(flag, b0)
main:
    mov r0, v0
    mov o0, r0
    ifb b0
        nop
    endif
    jpb b0, done
    mov r1, q7
done:
    end
endmain:
// editors/nvim/picals-check.lua opens this shader: line 11 has an error, line 10 uses the label of line 12
