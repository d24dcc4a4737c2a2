package dev.pica.format.shbin;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The names of input registers that a binary does not keep (picasso's {@code .alias inpos v0}),
 * in a text file beside it: {@code NAME.shbin.inputs}, a line {@code name vN} per name, {@code #}
 * starting a comment. The Maven plugin writes one beside each binary whose sources give such
 * names; the simulator reads it when it loads the binary from its file (docs/api.md).
 */
public final class InputNames {
    private InputNames() {}

    /** What the file's name adds to the binary's: {@code sky.shbin} has {@code sky.shbin.inputs}. */
    public static final String SUFFIX = ".inputs";

    /** The names file of a binary, beside it. */
    public static Path beside(Path shbin) {
        return shbin.resolveSibling(shbin.getFileName() + SUFFIX);
    }

    /** The file's text for these names (name to input register number), in their order. */
    public static String write(Map<String, Integer> names) {
        StringBuilder sb = new StringBuilder("# input registers by the names the sources gave them (picasso's .alias); the binary does not keep them\n");
        for (Map.Entry<String, Integer> e : names.entrySet()) sb.append(e.getKey()).append(" v").append(e.getValue()).append('\n');
        return sb.toString();
    }

    /**
     * The names a file's bytes give (UTF-8), name to input register number.
     *
     * @throws IllegalArgumentException for bytes that are not UTF-8 or a line that is not {@code name vN}, naming the line
     */
    public static Map<String, Integer> read(byte[] bytes) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
        java.nio.charset.CoderResult r = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(in, out, true);
        if (r.isError()) {
            int line = 1;
            for (int k = 0; k < in.position(); k++) if (bytes[k] == '\n') line++;
            throw new IllegalArgumentException("line " + line + ": not UTF-8 text (byte " + (in.position() + 1) + ")");
        }
        return read(out.flip().toString());
    }

    /**
     * The names a file's text gives, name to input register number.
     *
     * @throws IllegalArgumentException for a line that is not {@code name vN} (v0-v15), naming the line
     */
    public static Map<String, Integer> read(String text) {
        Map<String, Integer> names = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k];
            int hash = line.indexOf('#');
            String[] words = (hash >= 0 ? line.substring(0, hash) : line).trim().split("[ \t]+");
            if (words.length == 1 && words[0].isEmpty()) continue;
            if (words.length != 2 || !words[0].matches("[A-Za-z_][A-Za-z0-9_]*") || !words[1].matches("v(1[0-5]|[0-9])")) {
                throw new IllegalArgumentException("line " + (k + 1) + ": expected 'name vN' (an input register v0-v15), not '" + line.strip() + "'");
            }
            names.putIfAbsent(words[0], Integer.parseInt(words[1].substring(1)));
        }
        return names;
    }
}
