sub:
    mov r0, v0
    ret
