package dev.pica.sim;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.invoke.MethodHandles;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What both compilers ({@link BlockCompiler}, {@link ProgramCompiler}) write the same way, and
 * the checks every class they write goes through in the tests: with the system property
 * {@value #CHECK_PROPERTY} true (the build's surefire configuration sets it) and asm-util on the
 * class path, each class is written through ASM's {@code CheckClassAdapter} (a label placed
 * twice, a jump to a label never placed, an operand of the wrong kind), with {@code full} (the sim
 * module's tests) its bytes are verified by ASM's data-flow analyser too, and a failure of
 * compiled code, the JVM's verifier refusing a class included, is an {@link AssertionError}
 * instead of the interpreter taking over ({@link Shader#giveUpCompiled}). {@value #FAULT_PROPERTY} ({@code load} or {@code run})
 * makes compiled code fail on purpose, for the tests of that fallback.
 */
final class Bytecode {
    private Bytecode() {}

    static final String CHECK_PROPERTY = "dev.pica.sim.checkCompiled", FAULT_PROPERTY = "dev.pica.sim.compiledFault";

    /** Whether the tests asked for every class to be checked ({@code true}, or {@code full} for the data-flow verifier too). */
    static boolean checking() {
        String v = System.getProperty(CHECK_PROPERTY);
        return "true".equals(v) || "full".equals(v);
    }

    /** ASM's CheckClassAdapter, or null where asm-util is not on the class path (it is the tests' dependency, not the library's). */
    private static Class<?> checker() {
        try {
            return Class.forName("org.objectweb.asm.util.CheckClassAdapter");
        } catch (ClassNotFoundException e) {
            return null; // a module whose tests lack asm-util: the JVM's verifier and the fallback's assertion still hold
        }
    }

    /** Whether a test asked compiled code to fail (then the fallback is what it tests). */
    static boolean faultAsked() {
        return System.getProperty(FAULT_PROPERTY) != null;
    }

    /** A class being written: the visitor to write it through (checked in the tests) and the writer of its bytes. */
    static final class Out extends ClassVisitor {
        final ClassWriter writer;
        private final boolean faultAtRun;

        private Out(ClassWriter writer, ClassVisitor front, boolean faultAtRun) {
            super(Opcodes.ASM9, front);
            this.writer = writer;
            this.faultAtRun = faultAtRun;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
            if (!faultAtRun || (access & Opcodes.ACC_PUBLIC) == 0 || name.equals("<init>")) return mv;
            return new MethodVisitor(Opcodes.ASM9, mv) {
                @Override
                public void visitCode() {
                    super.visitCode();
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, "dev/pica/sim/Bytecode", "fault", "()V", false);
                }
            };
        }
    }

    /** Starts a final class implementing {@code iface}, with a public no-argument constructor. */
    static Out start(String name, String iface) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        Out out = new Out(cw, checking() && checker() != null ? checkAdapter(cw) : cw, "run".equals(System.getProperty(FAULT_PROPERTY)));
        out.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object", new String[] {iface});
        MethodVisitor init = out.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        return out;
    }

    /**
     * Loads the finished class as a hidden class of this package and makes its instance. The JVM
     * verifies it here (a VerifyError, a LinkageError); the caller gives compiled code up then.
     */
    static Object instance(Out out, String what) {
        out.visitEnd();
        byte[] bytes = out.writer.toByteArray();
        // ASM's data-flow verifier costs twice what writing the class costs: the sim module's own
        // tests ask for it; the JVM's verifier checks every class anyway when it is defined below
        if ("full".equals(System.getProperty(CHECK_PROPERTY)) && checker() != null) verify(bytes, what);
        if ("load".equals(System.getProperty(FAULT_PROPERTY))) throw new VerifyError(what + ": failed on purpose (" + FAULT_PROPERTY + "=load)");
        try {
            Class<?> c = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
            return c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(what + " cannot be loaded", e);
        }
    }

    /** Called first by every public method of a compiled class when the tests asked it to fail at run time. */
    static void fault() {
        throw new IllegalStateException("compiled code failed on purpose (" + FAULT_PROPERTY + "=run)");
    }

    /** ASM's CheckClassAdapter in front of {@code cw} (reached by reflection). */
    private static ClassVisitor checkAdapter(ClassWriter cw) {
        try {
            return (ClassVisitor) checker().getConstructor(ClassVisitor.class, boolean.class).newInstance(cw, false);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("ASM's CheckClassAdapter cannot be made", e);
        }
    }

    /** ASM's data-flow verification of the class's bytes (types on the stack and in locals at each instruction). */
    private static void verify(byte[] bytes, String what) {
        StringWriter report = new StringWriter();
        try {
            checker().getMethod("verify", ClassReader.class, ClassLoader.class, boolean.class, PrintWriter.class)
                    .invoke(null, new ClassReader(bytes), Bytecode.class.getClassLoader(), false, new PrintWriter(report));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(what + ": ASM's CheckClassAdapter.verify did not run", e);
        }
        if (!report.toString().isEmpty()) throw new AssertionError(what + " does not verify:\n" + report);
    }

    /** Pushes an int constant in the shortest form. */
    static void push(MethodVisitor mv, int v) {
        if (v >= -1 && v <= 5) mv.visitInsn(Opcodes.ICONST_0 + v);
        else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) mv.visitIntInsn(Opcodes.BIPUSH, v);
        else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) mv.visitIntInsn(Opcodes.SIPUSH, v);
        else mv.visitLdcInsn(v);
    }
}
