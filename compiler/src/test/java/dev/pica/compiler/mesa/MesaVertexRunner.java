package dev.pica.compiler.mesa;

import static org.lwjgl.opengl.GL45C.*;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lwjgl.PointerBuffer;
import org.lwjgl.egl.EGL;
import org.lwjgl.egl.EGL10;
import org.lwjgl.egl.EGL12;
import org.lwjgl.egl.EGL14;
import org.lwjgl.egl.EGL15;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.FunctionProvider;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;

/**
 * Runs a GLSL vertex shader over N vertices on Mesa (llvmpipe, on the CPU) and gives back
 * gl_Position and every other output, as float32, through transform feedback with the rasterizer
 * discarded; or a vertex and a geometry shader, giving back the triangles of its strips. The context is OpenGL 4.5 core on EGL's surfaceless platform
 * (EGL_MESA_platform_surfaceless), so no display or window system is needed.
 *
 * <p>Inputs are given by location, four lanes per vertex; uniforms by the name GLSL gives them,
 * as GLSL values: a matCxR as its C columns one after another (what glUniformMatrix takes without
 * transposing), an array as its elements one after another (or one element as {@code name[k]}),
 * an int or bool as a float (bool: non-zero is true).
 *
 * <p>Not thread-safe: the context is current on the thread that opened it, and every call must
 * come from that thread.
 */
public final class MesaVertexRunner implements AutoCloseable {
    // EGL_MESA_platform_surfaceless, https://registry.khronos.org/EGL/extensions/MESA/EGL_MESA_platform_surfaceless.txt
    private static final int EGL_PLATFORM_SURFACELESS_MESA = 0x31DD;

    private final long display, context;
    private final GLCapabilities caps;
    private final Thread owner;
    private final int vao;
    private final String renderer;

    /** Thrown when the machine has no EGL/Mesa that can give the context. */
    public static final class UnavailableException extends Exception {
        private final boolean noLibEgl;

        UnavailableException(String message, Throwable cause) {
            this(message, cause, false);
        }

        UnavailableException(String message, Throwable cause, boolean noLibEgl) {
            super(message, cause);
            this.noLibEgl = noLibEgl;
        }

        /** Whether libEGL itself could not be loaded (rather than loaded and unable to give the context). */
        public boolean noLibEgl() {
            return noLibEgl;
        }
    }

    /** gl_Position and each user output, in capture order: name, lanes per vertex, the lanes of every vertex one after another. */
    public record Outputs(int vertices, Map<String, Integer> components, Map<String, float[]> values) {
        public float[] get(String name) {
            float[] v = values.get(name);
            if (v == null) throw new IllegalArgumentException("no output '" + name + "' (outputs: " + values.keySet() + ")");
            return v;
        }

        /** One vertex's lanes of one output. */
        public float[] lanes(String name, int vertex) {
            int n = components.get(name);
            return java.util.Arrays.copyOfRange(get(name), vertex * n, vertex * n + n);
        }
    }

    private MesaVertexRunner(long display, long context, GLCapabilities caps, int vao, String renderer) {
        this.display = display;
        this.context = context;
        this.caps = caps;
        this.vao = vao;
        this.renderer = renderer;
        this.owner = Thread.currentThread();
    }

    /** Opens the context on this thread. */
    public static MesaVertexRunner open() throws UnavailableException {
        long display = EGL10.EGL_NO_DISPLAY;
        try {
            // EGL's class loads libEGL.so.1 as it initialises (unless EGL_EXPLICIT_INIT)
            EGL.getCapabilities();
        } catch (Throwable t) {
            throw new UnavailableException("libEGL cannot be loaded (Debian: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri): " + t, t, true);
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            // eglGetPlatformDisplayEXT (EGL_EXT_platform_base, a client extension) called directly: LWJGL's binding
            // refuses the null native display that the surfaceless platform requires
            long getPlatformDisplay = EGL.getCapabilities().eglGetPlatformDisplayEXT;
            if (getPlatformDisplay == 0) throw new UnavailableException("libEGL has no eglGetPlatformDisplayEXT (EGL_EXT_platform_base)", null);
            display = JNI.callPPP(EGL_PLATFORM_SURFACELESS_MESA, EGL14.EGL_DEFAULT_DISPLAY, MemoryUtil.memAddress(stack.ints(EGL10.EGL_NONE)), getPlatformDisplay);
            if (display == EGL10.EGL_NO_DISPLAY) throw new UnavailableException("EGL has no surfaceless platform (EGL_MESA_platform_surfaceless; Debian: libegl-mesa0): " + eglError(), null);
            IntBuffer major = stack.mallocInt(1), minor = stack.mallocInt(1);
            if (!EGL10.eglInitialize(display, major, minor)) throw new UnavailableException("eglInitialize on the surfaceless platform failed: " + eglError() + " (Debian: libgl1-mesa-dri gives llvmpipe)", null);
            EGL.createDisplayCapabilities(display, major.get(0), minor.get(0));
            if (!EGL12.eglBindAPI(EGL14.EGL_OPENGL_API)) throw new UnavailableException("EGL cannot bind OpenGL: " + eglError(), null);
            IntBuffer configAttribs = stack.ints(EGL10.EGL_SURFACE_TYPE, 0, EGL12.EGL_RENDERABLE_TYPE, EGL14.EGL_OPENGL_BIT, EGL10.EGL_NONE);
            PointerBuffer configs = stack.mallocPointer(1);
            IntBuffer count = stack.mallocInt(1);
            if (!EGL10.eglChooseConfig(display, configAttribs, configs, count) || count.get(0) == 0) {
                throw new UnavailableException("EGL offers no OpenGL configuration on the surfaceless platform: " + eglError(), null);
            }
            IntBuffer contextAttribs = stack.ints(EGL15.EGL_CONTEXT_MAJOR_VERSION, 4, EGL15.EGL_CONTEXT_MINOR_VERSION, 5,
                    EGL15.EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL15.EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL10.EGL_NONE);
            long context = EGL10.eglCreateContext(display, configs.get(0), EGL10.EGL_NO_CONTEXT, contextAttribs);
            if (context == EGL10.EGL_NO_CONTEXT) throw new UnavailableException("EGL gives no OpenGL 4.5 core context: " + eglError(), null);
            if (!EGL10.eglMakeCurrent(display, EGL10.EGL_NO_SURFACE, EGL10.EGL_NO_SURFACE, context)) {
                throw new UnavailableException("eglMakeCurrent without a surface failed: " + eglError(), null);
            }
            // GL's entry points through eglGetProcAddress (EGL_KHR_get_all_proc_addresses), not libGL's GLX
            Configuration.OPENGL_EXPLICIT_INIT.set(true);
            FunctionProvider gl = new FunctionProvider() {
                @Override
                public long getFunctionAddress(ByteBuffer name) {
                    return EGL10.eglGetProcAddress(name);
                }

                @Override
                public long getFunctionAddress(CharSequence name) {
                    try (MemoryStack s = MemoryStack.stackPush()) {
                        return getFunctionAddress(s.ASCII(name));
                    }
                }
            };
            try {
                GL.create(gl);
            } catch (IllegalStateException alreadyCreated) {
                // a second runner in this JVM: GL's function provider is already ours
            }
            GLCapabilities caps = GL.createCapabilities();
            if (!caps.OpenGL45) throw new UnavailableException("the context is not OpenGL 4.5: " + glGetString(GL_VERSION), null);
            int vao = glGenVertexArrays();
            glBindVertexArray(vao);
            glEnable(GL_RASTERIZER_DISCARD);
            // a surfaceless context has no default framebuffer, and a draw checks the bound one's
            // completeness even with the rasterizer discarded: a 1x1 colour buffer to draw to
            int fbo = glGenFramebuffers(), rbo = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, rbo);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1, 1);
            glBindFramebuffer(GL_FRAMEBUFFER, fbo);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbo);
            if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) throw new UnavailableException("a 1x1 RGBA8 framebuffer is not complete", null);
            return new MesaVertexRunner(display, context, caps, vao, glGetString(GL_RENDERER) + ", " + glGetString(GL_VERSION));
        } catch (UnavailableException e) {
            if (display != EGL10.EGL_NO_DISPLAY) EGL10.eglTerminate(display);
            throw e;
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            if (display != EGL10.EGL_NO_DISPLAY) EGL10.eglTerminate(display);
            throw new UnavailableException("EGL/OpenGL failed: " + e, e);
        }
    }

    private static String eglError() {
        return String.format("EGL error 0x%04X", EGL10.eglGetError());
    }

    /** The renderer and version strings (llvmpipe ..., 4.5 (Core Profile) Mesa 22.3.6). */
    public String renderer() {
        return renderer;
    }

    /**
     * Compiles and links {@code source} alone (a vertex shader) and runs it over {@code vertices}
     * vertices. {@code attributes} maps a location to four lanes per vertex; {@code uniforms} maps
     * names to GLSL values (see the class comment). A uniform the program does not keep (GLSL
     * drops what it does not read) is ignored; an unknown uniform name that is active nowhere is
     * ignored likewise, since the caller cannot tell them apart.
     *
     * @throws IllegalArgumentException when the shader does not compile or link (with Mesa's log),
     *     or a value has the wrong size
     */
    public Outputs run(String source, int vertices, Map<Integer, float[]> attributes, Map<String, float[]> uniforms) {
        return capture(List.of(new int[] {GL_VERTEX_SHADER}), List.of(source), GL_POINTS, GL_POINTS, vertices, vertices, attributes, uniforms);
    }

    /**
     * Runs a vertex shader and a geometry shader over {@code vertices} vertices drawn as
     * {@code primitive} ({@code GL_POINTS}, {@code GL_LINES}, {@code GL_TRIANGLES}...) and gives
     * back the triangles the geometry shader's strips make, as transform feedback captures them
     * (three vertices a triangle, in the order GL sends them; {@link Outputs#vertices()} counts the
     * captured vertices, at most {@code maxTriangles} triangles).
     */
    public Outputs runGeometry(String vertexSource, String geometrySource, int primitive, int vertices, int maxTriangles,
                               Map<Integer, float[]> attributes, Map<String, float[]> uniforms) {
        return capture(List.of(new int[] {GL_VERTEX_SHADER}, new int[] {GL_GEOMETRY_SHADER}), List.of(vertexSource, geometrySource),
                primitive, GL_TRIANGLES, vertices, 3 * maxTriangles, attributes, uniforms);
    }

    private Outputs capture(List<int[]> stages, List<String> sources, int drawMode, int captureMode, int vertices, int capacity,
                            Map<Integer, float[]> attributes, Map<String, float[]> uniforms) {
        checkThread();
        List<Integer> shaders = new ArrayList<>();
        int program = glCreateProgram();
        List<Integer> buffers = new ArrayList<>();
        int query = glGenQueries();
        try {
            for (int k = 0; k < stages.size(); k++) {
                int shader = glCreateShader(stages.get(k)[0]);
                shaders.add(shader);
                glShaderSource(shader, sources.get(k));
                glCompileShader(shader);
                if (glGetShaderi(shader, GL_COMPILE_STATUS) == 0) throw new IllegalArgumentException("Mesa does not compile the shader:\n" + glGetShaderInfoLog(shader));
                glAttachShader(program, shader);
            }
            link(program);
            List<String> names = outputNames(program);
            glTransformFeedbackVaryings(program, names.toArray(String[]::new), GL_INTERLEAVED_ATTRIBS);
            link(program);
            Map<String, Integer> components = new LinkedHashMap<>();
            int stride = 0;
            try (MemoryStack stack = MemoryStack.stackPush()) {
                IntBuffer size = stack.mallocInt(1), type = stack.mallocInt(1);
                for (int k = 0; k < names.size(); k++) {
                    String name = glGetTransformFeedbackVarying(program, k, size, type);
                    int n = floatLanes(type.get(0)) * size.get(0);
                    components.put(name, n);
                    stride += n;
                }
            }
            glUseProgram(program);
            setUniforms(program, uniforms);
            for (Map.Entry<Integer, float[]> a : attributes.entrySet()) {
                float[] lanes = a.getValue();
                if (lanes.length != 4 * vertices) throw new IllegalArgumentException("attribute " + a.getKey() + " has " + lanes.length + " values, not 4 per vertex (" + 4 * vertices + ")");
                int b = glGenBuffers();
                buffers.add(b);
                glBindBuffer(GL_ARRAY_BUFFER, b);
                glBufferData(GL_ARRAY_BUFFER, lanes, GL_STATIC_DRAW);
                glEnableVertexAttribArray(a.getKey());
                glVertexAttribPointer(a.getKey(), 4, GL_FLOAT, false, 16, 0);
            }
            int capture = glGenBuffers();
            buffers.add(capture);
            glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, capture);
            glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, (long) stride * 4 * capacity, GL_STATIC_READ);
            glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, capture);
            glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, query);
            glBeginTransformFeedback(captureMode);
            glDrawArrays(drawMode, 0, vertices);
            glEndTransformFeedback();
            glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
            int written = glGetQueryObjecti(query, GL_QUERY_RESULT) * (captureMode == GL_TRIANGLES ? 3 : 1);
            float[] all = new float[stride * written];
            glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, all);
            int err = glGetError();
            if (err != GL_NO_ERROR) throw new IllegalStateException(String.format("OpenGL error 0x%04X running the shader", err));
            Map<String, float[]> values = new LinkedHashMap<>();
            int offset = 0;
            for (Map.Entry<String, Integer> e : components.entrySet()) {
                int n = e.getValue();
                float[] v = new float[n * written];
                for (int i = 0; i < written; i++) System.arraycopy(all, i * stride + offset, v, i * n, n);
                values.put(e.getKey(), v);
                offset += n;
            }
            return new Outputs(written, components, values);
        } finally {
            for (Integer a : attributes.keySet()) glDisableVertexAttribArray(a);
            glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
            for (int b : buffers) glDeleteBuffers(b);
            glDeleteQueries(query);
            glUseProgram(0);
            glDeleteProgram(program);
            for (int sh : shaders) glDeleteShader(sh);
        }
    }

    private static void link(int program) {
        glLinkProgram(program);
        if (glGetProgrami(program, GL_LINK_STATUS) == 0) throw new IllegalArgumentException("Mesa does not link the shader:\n" + glGetProgramInfoLog(program));
    }

    /** gl_Position, then the user outputs in location order (what the shader writes, as the program's output interface lists it). */
    private static List<String> outputNames(int program) {
        int count = glGetProgramInterfacei(program, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES);
        record Out(String name, int location) { }
        List<Out> outs = new ArrayList<>();
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer props = stack.ints(GL_LOCATION), got = stack.mallocInt(1);
            for (int k = 0; k < count; k++) {
                String name = glGetProgramResourceName(program, GL_PROGRAM_OUTPUT, k);
                if (name.startsWith("gl_")) continue;
                glGetProgramResourceiv(program, GL_PROGRAM_OUTPUT, k, props, null, got);
                outs.add(new Out(name, got.get(0)));
            }
        }
        outs.sort(java.util.Comparator.comparingInt(Out::location));
        List<String> names = new ArrayList<>();
        names.add("gl_Position");
        for (Out o : outs) names.add(o.name);
        return names;
    }

    private static int floatLanes(int type) {
        return switch (type) {
            case GL_FLOAT -> 1;
            case GL_FLOAT_VEC2 -> 2;
            case GL_FLOAT_VEC3 -> 3;
            case GL_FLOAT_VEC4 -> 4;
            default -> throw new IllegalArgumentException(String.format("an output of type 0x%04X: only float outputs are captured", type));
        };
    }

    private static void setUniforms(int program, Map<String, float[]> uniforms) {
        Map<String, int[]> active = new LinkedHashMap<>(); // GL name -> {type, array size}
        try (MemoryStack stack = MemoryStack.stackPush()) {
            int count = glGetProgrami(program, GL_ACTIVE_UNIFORMS);
            IntBuffer size = stack.mallocInt(1), type = stack.mallocInt(1);
            for (int k = 0; k < count; k++) {
                String name = glGetActiveUniform(program, k, size, type);
                active.put(name, new int[] {type.get(0), size.get(0)});
            }
        }
        for (Map.Entry<String, float[]> u : uniforms.entrySet()) {
            String name = u.getKey();
            int[] info = active.get(name);
            int elements;
            if (info == null) info = active.get(name + "[0]");
            if (info == null) {
                // one element of an array, name[k]
                int bracket = name.lastIndexOf('[');
                if (bracket > 0 && name.endsWith("]")) info = active.get(name.substring(0, bracket) + "[0]");
                if (info == null) continue;
                elements = 1;
            } else {
                elements = info[1];
            }
            int location = glGetUniformLocation(program, name);
            if (location < 0) continue;
            float[] v = u.getValue();
            int lanes = uniformLanes(info[0]);
            if (lanes == 0) throw new IllegalArgumentException(String.format("uniform '%s' has a type (0x%04X) the harness does not set", name, info[0]));
            if (v.length % lanes != 0 || v.length == 0) throw new IllegalArgumentException("uniform '" + name + "' takes " + lanes + " values per element, not " + v.length);
            // GL keeps an array only up to the last element the shader reads: the rest is dropped
            if (v.length / lanes > elements) v = java.util.Arrays.copyOf(v, elements * lanes);
            switch (info[0]) {
                case GL_FLOAT -> glUniform1fv(location, v);
                case GL_FLOAT_VEC2 -> glUniform2fv(location, v);
                case GL_FLOAT_VEC3 -> glUniform3fv(location, v);
                case GL_FLOAT_VEC4 -> glUniform4fv(location, v);
                case GL_FLOAT_MAT2 -> glUniformMatrix2fv(location, false, v);
                case GL_FLOAT_MAT3 -> glUniformMatrix3fv(location, false, v);
                case GL_FLOAT_MAT4 -> glUniformMatrix4fv(location, false, v);
                case GL_FLOAT_MAT2x3 -> glUniformMatrix2x3fv(location, false, v);
                case GL_FLOAT_MAT2x4 -> glUniformMatrix2x4fv(location, false, v);
                case GL_FLOAT_MAT3x2 -> glUniformMatrix3x2fv(location, false, v);
                case GL_FLOAT_MAT3x4 -> glUniformMatrix3x4fv(location, false, v);
                case GL_FLOAT_MAT4x2 -> glUniformMatrix4x2fv(location, false, v);
                case GL_FLOAT_MAT4x3 -> glUniformMatrix4x3fv(location, false, v);
                case GL_INT, GL_INT_VEC2, GL_INT_VEC3, GL_INT_VEC4, GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3, GL_BOOL_VEC4 -> {
                    int[] iv = new int[v.length];
                    boolean bool = info[0] == GL_BOOL || info[0] == GL_BOOL_VEC2 || info[0] == GL_BOOL_VEC3 || info[0] == GL_BOOL_VEC4;
                    for (int k = 0; k < v.length; k++) iv[k] = bool ? (v[k] != 0 ? 1 : 0) : (int) v[k];
                    switch (lanes) {
                        case 1 -> glUniform1iv(location, iv);
                        case 2 -> glUniform2iv(location, iv);
                        case 3 -> glUniform3iv(location, iv);
                        default -> glUniform4iv(location, iv);
                    }
                }
                case GL_UNSIGNED_INT -> {
                    int[] iv = new int[v.length];
                    for (int k = 0; k < v.length; k++) iv[k] = (int) v[k];
                    glUniform1uiv(location, iv);
                }
                default -> throw new IllegalStateException("unreachable: " + info[0]);
            }
        }
    }

    private static int uniformLanes(int type) {
        return switch (type) {
            case GL_FLOAT, GL_INT, GL_BOOL, GL_UNSIGNED_INT -> 1;
            case GL_FLOAT_VEC2, GL_INT_VEC2, GL_BOOL_VEC2 -> 2;
            case GL_FLOAT_VEC3, GL_INT_VEC3, GL_BOOL_VEC3 -> 3;
            case GL_FLOAT_VEC4, GL_INT_VEC4, GL_BOOL_VEC4, GL_FLOAT_MAT2 -> 4;
            case GL_FLOAT_MAT2x3, GL_FLOAT_MAT3x2 -> 6;
            case GL_FLOAT_MAT2x4, GL_FLOAT_MAT4x2 -> 8;
            case GL_FLOAT_MAT3 -> 9;
            case GL_FLOAT_MAT3x4, GL_FLOAT_MAT4x3 -> 12;
            case GL_FLOAT_MAT4 -> 16;
            default -> 0;
        };
    }

    private void checkThread() {
        if (Thread.currentThread() != owner) throw new IllegalStateException("the Mesa context is current on " + owner.getName() + ", not on " + Thread.currentThread().getName());
    }

    @Override
    public void close() {
        checkThread();
        glDeleteVertexArrays(vao);
        GL.setCapabilities(null);
        EGL10.eglMakeCurrent(display, EGL10.EGL_NO_SURFACE, EGL10.EGL_NO_SURFACE, EGL10.EGL_NO_CONTEXT);
        EGL10.eglDestroyContext(display, context);
        EGL10.eglTerminate(display);
    }
}
