package dev.pica.maven;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What the previous build produced and from what: per output, the configuration fingerprint and
 * the content hash of every input (sources and every header they included). Content hashes, not
 * timestamps, so copying or touching a file without changing it does not rebuild.
 */
final class BuildState {
    /** output path -> record */
    final Map<String, Unit> units = new TreeMap<>();
    /** source path -> "hash main|lib" (which sources define main:, without assembling them again) */
    final Map<String, String> sourceKinds = new TreeMap<>();

    static final class Unit {
        String fingerprint;
        /** input path -> sha-256 */
        final Map<String, String> inputs = new LinkedHashMap<>();
        /** side outputs (header, map) to delete with the unit */
        final List<String> extras = new ArrayList<>();
        /** sha-256 of the binary as written: its copy in target/classes is ours only while it has these bytes */
        String outputHash;
    }

    static BuildState load(Path file) {
        BuildState s = new BuildState();
        if (!Files.isRegularFile(file)) return s;
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return s; // unreadable state: rebuild everything
        }
        for (String key : p.stringPropertyNames()) {
            String v = p.getProperty(key);
            if (key.startsWith("kind.")) {
                s.sourceKinds.put(key.substring(5), v);
            } else if (key.startsWith("unit.")) {
                String rest = key.substring(5);
                int bar = rest.indexOf('|');
                if (bar < 0) continue;
                String out = rest.substring(0, bar), field = rest.substring(bar + 1);
                Unit u = s.units.computeIfAbsent(out, k -> new Unit());
                if (field.equals("fingerprint")) u.fingerprint = v;
                else if (field.equals("output")) u.outputHash = v;
                else if (field.startsWith("in.")) u.inputs.put(field.substring(3), v);
                else if (field.startsWith("extra.")) u.extras.add(v);
            }
        }
        return s;
    }

    void save(Path file) throws IOException {
        Properties p = new Properties();
        for (Map.Entry<String, String> e : sourceKinds.entrySet()) p.setProperty("kind." + e.getKey(), e.getValue());
        for (Map.Entry<String, Unit> e : units.entrySet()) {
            Unit u = e.getValue();
            p.setProperty("unit." + e.getKey() + "|fingerprint", u.fingerprint);
            if (u.outputHash != null) p.setProperty("unit." + e.getKey() + "|output", u.outputHash);
            for (Map.Entry<String, String> in : u.inputs.entrySet()) p.setProperty("unit." + e.getKey() + "|in." + in.getKey(), in.getValue());
            for (int k = 0; k < u.extras.size(); k++) p.setProperty("unit." + e.getKey() + "|extra." + k, u.extras.get(k));
        }
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            p.store(out, null);
        }
    }

    static String hash(Path file) {
        try {
            return hash(Files.readAllBytes(file));
        } catch (IOException e) {
            return "missing";
        }
    }

    static String hash(String text) {
        return hash(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static String hash(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** True when every recorded input still has its recorded content. */
    static boolean inputsUnchanged(Unit u) {
        if (u.inputs.isEmpty()) return false;
        for (Map.Entry<String, String> in : u.inputs.entrySet()) {
            if (!hash(Path.of(in.getKey())).equals(in.getValue())) return false;
        }
        return true;
    }
}
