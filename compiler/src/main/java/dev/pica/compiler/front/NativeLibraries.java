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

    /** Sets the two properties if the user did not; safe to call from any thread, works once. */
    public static void prepare() {
        if (prepared) return;
        synchronized (NativeLibraries.class) {
            if (prepared) return;
            prepared = true;
            if (Boolean.getBoolean("pica.lwjgl.extract")) return; // LWJGL's own loader, on request
            try {
                String dir = platformDirectory();
                if (dir == null) return;
                point("org.lwjgl.libname", dir + "/org/lwjgl/" + System.mapLibraryName("lwjgl"));
                point("org.lwjgl.shaderc.libname", dir + "/org/lwjgl/shaderc/" + System.mapLibraryName("shaderc"));
            } catch (RuntimeException | IOException | LinkageError e) {
                // LWJGL's loader does the same work, slower
            }
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
        String stamp = entry.getSize() + " " + Long.toHexString(entry.getCrc()) + "\n";
        Path jarFile = Path.of(jar.getJarFileURL().getPath());
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
