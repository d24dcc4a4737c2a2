package dev.pica.compiler.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stamps beside the extracted natives, read without opening a jar (NativeLibraries.stamped):
 * a copy is taken only while the natives jar its stamp names is the one in the folder, as it was.
 */
class NativeLibrariesTest {
    @TempDir
    Path lib;

    static final String JAR = "lwjgl-shaderc-3.3.6-natives-linux.jar";
    static final long TIME = 1_767_225_600_000L;

    private Path layout(String secondLine) throws Exception {
        Path jar = Files.write(lib.resolve(JAR), new byte[1234]);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(TIME));
        Path folder = Files.createDirectories(lib.resolve("natives-linux-x64"));
        Files.write(folder.resolve("libshaderc.so"), new byte[77]);
        String line = secondLine != null ? secondLine : jar.toAbsolutePath() + " 1234 " + TIME;
        Files.writeString(folder.resolve("libshaderc.so.stamp"), "77 1a2b3c\n" + line + "\n", StandardCharsets.US_ASCII);
        return folder;
    }

    @Test
    void aStampNamingTheJarAsItIsHolds() throws Exception {
        Path folder = layout(null);
        assertEquals(folder.resolve("libshaderc.so").toAbsolutePath().toString(), NativeLibraries.stamped(folder, "libshaderc.so"));
    }

    @Test
    void aJarChangedSinceIsLeftToTheJarsEntry() throws Exception {
        Path folder = layout(null);
        Files.setLastModifiedTime(lib.resolve(JAR), FileTime.fromMillis(TIME + 1000));
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "another time");
        folder = layout(null);
        Files.write(lib.resolve(JAR), new byte[1235]);
        Files.setLastModifiedTime(lib.resolve(JAR), FileTime.fromMillis(TIME));
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "another size");
    }

    @Test
    void anythingElseIsLeftToTheJarsEntry() throws Exception {
        Path folder = layout(null);
        Files.write(folder.resolve("libshaderc.so"), new byte[76]);
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "a copy of another size");
        folder = layout(null);
        Files.writeString(folder.resolve("libshaderc.so.stamp"), "77 1a2b3c\n", StandardCharsets.US_ASCII);
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "a stamp of the format before (no jar line)");
        Path elsewhere = Files.createDirectories(lib.resolve("other")).resolve(JAR);
        Files.copy(lib.resolve(JAR), elsewhere);
        Files.setLastModifiedTime(elsewhere, FileTime.fromMillis(TIME));
        folder = layout(elsewhere.toAbsolutePath() + " 1234 " + TIME);
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "a jar in another folder");
        folder = layout(JAR + " 1234 " + TIME);
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "a relative path");
        folder = layout(null);
        Files.delete(folder.resolve("libshaderc.so"));
        assertNull(NativeLibraries.stamped(folder, "libshaderc.so"), "no copy");
    }
}
