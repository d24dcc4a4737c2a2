package dev.pica.compiler.front;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import java.util.jar.JarEntry;

/**
 * Points LWJGL at native libraries extracted once, by their absolute paths, so that a cold run
 * does not check them again. LWJGL extracts a library from its natives jar on every start and,
 * when a copy is already there, compares the CRC-32 of the whole jar entry (inflated) with that of
 * the whole file: for the 7.9 MB libshaderc.so that was 73 ms of a cold picacc's CPU, and 23 ms
 * more for liblwjgl.so (docs/performance.md). An absolute {@code org.lwjgl.libname} and
 * {@code org.lwjgl.shaderc.libname} make LWJGL load the file as it is (its {@code Library.loadSystem}
 * and {@code loadNative} try an absolute name first).
 *
 * <p>The copies live in the folder of the natives jar when it is writable (an installed
 * distribution: {@code lib/pica-toolchain/lib/natives-...}), else in a folder of the user's under
 * the temporary directory. Each copy has a stamp holding the jar entry's size and CRC-32 from the
 * jar's directory (no inflating): a jar replaced by another version gets a new copy. Anything
 * unusual (no natives jar on the class path, an unwritable or foreign folder, a property the user
 * set) leaves LWJGL to its own loader, which is correct, only slower.
 */
public final class NativeLibraries {
    private NativeLibraries() {}

    private static volatile boolean prepared;

    /**
     * Sets the two properties if the user did not; safe to call from any thread, works once, and
     * returns only when they are set (a caller that found it under way waits: one that went on
     * would have LWJGL extract and check the libraries itself, as picacc's natives' thread and
     * its glslang thread met it).
     */
    public static void prepare() {
        if (prepared) return;
        synchronized (NativeLibraries.class) {
            if (prepared) return;
            try {
                if (Boolean.getBoolean("pica.lwjgl.extract")) return; // LWJGL's own loader, on request
                String dir = platformDirectory();
                if (dir == null || pointFromStamps(dir)) return;
                point("org.lwjgl.libname", dir + "/org/lwjgl/" + System.mapLibraryName("lwjgl"));
                point("org.lwjgl.shaderc.libname", dir + "/org/lwjgl/shaderc/" + System.mapLibraryName("shaderc"));
            } catch (RuntimeException | IOException | LinkageError e) {
                // LWJGL's loader does the same work, slower
            } finally {
                prepared = true;
            }
        }
    }

    /** Why the loading on another thread failed ({@link #load}), or null. */
    private static LinkageError failure;

    /**
     * {@link #prepare}, then LWJGL's loading of liblwjgl and libshaderc (the class initialiser of
     * its Shaderc class): what picacc's natives' thread does while the main thread reads its input
     * (dev.pica.compiler.ColdStart). It touches no class of the front end, whose initialisers
     * (their regular expressions) would come first on that thread.
     */
    public static void load() {
        synchronized (NativeLibraries.class) {
            prepare();
            try {
                Class.forName("org.lwjgl.util.shaderc.Shaderc", true, NativeLibraries.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                // the compile says it
            } catch (LinkageError e) {
                failure = e;
            }
        }
    }

    /**
     * The error of a {@link #load} on another thread that could not load the libraries, after
     * waiting for one under way; null if none failed. The JVM says only "Could not initialize
     * class" to later users of a class whose initialiser failed: the compile throws this instead,
     * as it would have met it itself.
     */
    static LinkageError failure() {
        synchronized (NativeLibraries.class) {
            return failure;
        }
    }

    /** LWJGL's resource folder of the running platform ("linux/x64"), as its natives jars lay them out; null if unknown. */
    static String platformDirectory() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String o = os.startsWith("windows") ? "windows" : os.startsWith("linux") ? "linux" : os.startsWith("mac") ? "macos" : os.startsWith("freebsd") ? "freebsd" : null;
        String a = switch (arch) {
            case "amd64", "x86_64" -> "x64";
            case "aarch64", "arm64" -> "arm64";
            case "x86", "i386", "i686" -> "x86";
            case "arm", "arm32" -> "arm32";
            case "ppc64le" -> "ppc64le";
            case "riscv64" -> "riscv64";
            default -> null;
        };
        return o == null || a == null ? null : o + "/" + a;
    }

    private static void point(String property, String resource) throws IOException {
        if (System.getProperty(property) != null) return;
        URL url = NativeLibraries.class.getClassLoader() == null ? null : NativeLibraries.class.getClassLoader().getResource(resource);
        if (url == null) url = ClassLoader.getSystemResource(resource);
        if (url == null) return;
        URLConnection c = url.openConnection();
        if (!(c instanceof JarURLConnection jar)) return;
        c.setUseCaches(true);
        JarEntry entry = jar.getJarEntry();
        if (entry == null || entry.getCrc() < 0 || entry.getSize() < 0) return;
        Path jarFile;
        try {
            jarFile = Path.of(jar.getJarFileURL().toURI()); // decoded: a folder with a space in its name
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return;
        }
        String stamp = entry.getSize() + " " + Long.toHexString(entry.getCrc()) + "\n" + jarLine(jarFile) + "\n";
        String fileName = resource.substring(resource.lastIndexOf('/') + 1);
        for (Path folder : folders(jarFile, resource)) {
            Path copy = folder.resolve(fileName);
            Path stampFile = folder.resolve(fileName + ".stamp");
            if (Files.isRegularFile(copy) && Files.size(copy) == entry.getSize() && Files.isRegularFile(stampFile)
                    && Files.readString(stampFile, StandardCharsets.US_ASCII).equals(stamp)) {
                System.setProperty(property, copy.toAbsolutePath().toString());
                return;
            }
            if (extract(url, folder, copy, stampFile, stamp)) {
                System.setProperty(property, copy.toAbsolutePath().toString());
                return;
            }
        }
    }

    /** The natives jar as a stamp's second line names it: its absolute path, size and modification time (ms). */
    private static String jarLine(Path jar) throws IOException {
        BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
        return jar.toAbsolutePath() + " " + a.size() + " " + a.lastModifiedTime().toMillis();
    }

    /**
     * Both properties from the copies beside this class's own jar, found without opening a jar:
     * finding the natives jars' entries through the class path opens every jar before them (23 in
     * the distribution) and was 15-25 ms of the natives' thread, most of what a cold picacc's
     * glslang waited for (docs/performance.md). A copy is taken when its stamp's second line names
     * a natives jar in the same folder as this one that still has that size and modification time,
     * and the copy has the size of the entry the first line names; anything else (a property the
     * user set, classes outside a jar, another layout, an older stamp) is left to {@link #point}.
     */
    private static boolean pointFromStamps(String dir) {
        if (System.getProperty("org.lwjgl.libname") != null || System.getProperty("org.lwjgl.shaderc.libname") != null) return false;
        try {
            java.security.CodeSource source = NativeLibraries.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null || !"file".equals(source.getLocation().getProtocol())) return false;
            Path lib = Path.of(source.getLocation().toURI()).getParent();
            if (lib == null) return false;
            Path folder = lib.resolve("natives-" + dir.replace('/', '-'));
            String lwjgl = stamped(folder, System.mapLibraryName("lwjgl"));
            String shaderc = lwjgl == null ? null : stamped(folder, System.mapLibraryName("shaderc"));
            if (shaderc == null) return false;
            System.setProperty("org.lwjgl.libname", lwjgl);
            System.setProperty("org.lwjgl.shaderc.libname", shaderc);
            return true;
        } catch (IOException | RuntimeException | java.net.URISyntaxException e) {
            return false;
        }
    }

    /** The copy's absolute path when its stamp holds for it as {@link #pointFromStamps} says, else null. */
    static String stamped(Path folder, String fileName) throws IOException {
        Path copy = folder.resolve(fileName);
        Path stampFile = folder.resolve(fileName + ".stamp");
        if (!Files.isRegularFile(stampFile) || !Files.isRegularFile(copy)) return null;
        String[] lines = Files.readString(stampFile, StandardCharsets.US_ASCII).split("\n", -1);
        if (lines.length != 3 || !lines[2].isEmpty()) return null;
        int size = lines[0].indexOf(' ');
        int time = lines[1].lastIndexOf(' ');
        int jarSize = time < 0 ? -1 : lines[1].lastIndexOf(' ', time - 1);
        if (size <= 0 || jarSize <= 0) return null;
        Path jar = Path.of(lines[1].substring(0, jarSize));
        if (!jar.isAbsolute() || !folder.getParent().equals(jar.getParent()) || !Files.isRegularFile(jar)) return null;
        if (!lines[1].equals(jarLine(jar)) || Files.size(copy) != Long.parseLong(lines[0].substring(0, size))) return null;
        return copy.toAbsolutePath().toString();
    }

    /** Where a copy may live: beside the natives jar, then a folder of the user's in the temporary directory. */
    private static Path[] folders(Path jarFile, String resource) {
        String platform = resource.substring(0, resource.indexOf("/org/")).replace('/', '-');
        Path beside = jarFile.getParent() == null ? null : jarFile.getParent().resolve("natives-" + platform);
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        Path temp = Path.of(System.getProperty("java.io.tmpdir"), "pica-toolchain-" + user, "natives-" + platform);
        return beside != null && Files.isWritable(jarFile.getParent()) ? new Path[] {beside, temp} : new Path[] {temp};
    }

    /** Copies the entry into the folder under a temporary name and renames it, stamp last: a reader sees the whole file or none. */
    private static boolean extract(URL url, Path folder, Path copy, Path stampFile, String stamp) {
        try {
            Files.createDirectories(folder);
            if (!ownedByUs(folder)) return false;
            Path tmp = Files.createTempFile(folder, ".lib", ".part");
            try (InputStream in = url.openStream()) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                move(tmp, copy);
                Path st = Files.createTempFile(folder, ".stamp", ".part");
                Files.writeString(st, stamp, StandardCharsets.US_ASCII);
                move(st, stampFile);
                return true;
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A folder is used only if this user owns it, and its pica-toolchain-USER parent too (under a shared temporary directory another user could plant a library). */
    private static boolean ownedByUs(Path folder) throws IOException {
        try {
            String me = System.getProperty("user.name");
            Path parent = folder.getParent();
            return Files.getOwner(folder).getName().equals(me) && (parent == null || Files.getOwner(parent).getName().equals(me) || !parent.getFileName().toString().startsWith("pica-toolchain-"));
        } catch (UnsupportedOperationException e) {
            return true;
        }
    }
}
