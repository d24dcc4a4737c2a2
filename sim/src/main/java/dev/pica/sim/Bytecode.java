package dev.pica.sim;

import java.lang.invoke.MethodHandles;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** What both compilers ({@link BlockCompiler}, {@link ProgramCompiler}) write the same way. */
final class Bytecode {
    private Bytecode() {}

    /** Starts a final class implementing {@code iface}, with a public no-argument constructor. */
    static ClassWriter start(String name, String iface) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object", new String[] {iface});
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        return cw;
    }

    /** Loads the finished class as a hidden class of this package and makes its instance. */
    static Object instance(ClassWriter cw, String what) {
        cw.visitEnd();
        try {
            Class<?> c = MethodHandles.lookup().defineHiddenClass(cw.toByteArray(), true).lookupClass();
            return c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(what + " cannot be loaded", e);
        }
    }

    /** Pushes an int constant in the shortest form. */
    static void push(MethodVisitor mv, int v) {
        if (v >= -1 && v <= 5) mv.visitInsn(Opcodes.ICONST_0 + v);
        else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) mv.visitIntInsn(Opcodes.BIPUSH, v);
        else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) mv.visitIntInsn(Opcodes.SIPUSH, v);
        else mv.visitLdcInsn(v);
    }
}
