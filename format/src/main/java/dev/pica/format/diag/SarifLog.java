package dev.pica.format.diag;

import dev.pica.format.BinaryDump;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's diagnostics as a SARIF 2.1.0 log (OASIS; what GitHub code scanning and editors read),
 * as GCC's -fdiagnostics-format=sarif-* writes one: a result per diagnostic with its level,
 * message and location (line and column; paths relative to the working directory, uriBaseId
 * PWD), the verifier's rule (or the -W option) as ruleId, and a witness path as a code flow.
 */
public final class SarifLog {
    static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

    private SarifLog() {}

    public static String of(String tool, String version, List<Diagnostic> diagnostics, Path workingDirectory) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\n  \"$schema\": ").append(q(SCHEMA)).append(",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n");
        sb.append("      \"tool\": {\"driver\": {\"name\": ").append(q(tool)).append(", \"version\": ").append(q(version));
        Map<String, String> rules = new TreeMap<>();
        for (Diagnostic d : diagnostics) {
            String id = ruleId(d);
            if (id != null) rules.putIfAbsent(id, d.rule() != null ? "docs/verifier.md" : "docs/diagnostics.md");
        }
        sb.append(", \"rules\": [");
        int k = 0;
        for (Map.Entry<String, String> r : rules.entrySet()) {
            sb.append(k++ == 0 ? "" : ", ").append("{\"id\": ").append(q(r.getKey())).append(", \"helpUri\": ").append(q(r.getValue())).append('}');
        }
        sb.append("]}},\n");
        sb.append("      \"originalUriBaseIds\": {\"PWD\": {\"uri\": ").append(q(directoryUri(workingDirectory))).append("}},\n");
        sb.append("      \"columnKind\": \"unicodeCodePoints\",\n");
        sb.append("      \"results\": [");
        for (int n = 0; n < diagnostics.size(); n++) {
            Diagnostic d = diagnostics.get(n);
            sb.append(n == 0 ? "\n" : ",\n").append("        {");
            String id = ruleId(d);
            if (id != null) sb.append("\"ruleId\": ").append(q(id)).append(", ");
            sb.append("\"level\": ").append(q(d.severity().label)); // SARIF's levels error, warning, note are the same words
            sb.append(", \"message\": {\"text\": ").append(q(d.messageNamingOption())).append('}');
            if (d.pos() != null) sb.append(", \"locations\": [").append(location(d.pos())).append(']');
            if (!d.path().isEmpty()) {
                sb.append(", \"codeFlows\": [{\"threadFlows\": [{\"locations\": [");
                for (int s = 0; s < d.path().size(); s++) sb.append(s == 0 ? "" : ", ").append("{\"location\": ").append(location(d.path().get(s))).append('}');
                sb.append("]}]}]");
            }
            if (d.option() != null) sb.append(", \"properties\": {\"option\": ").append(q("-W" + d.option().option)).append('}');
            sb.append('}');
        }
        sb.append(diagnostics.isEmpty() ? "]\n" : "\n      ]\n").append("    }\n  ]\n}\n");
        return sb.toString();
    }

    /** The rule a result is filed under: the verifier's rule, or the -W option of a warning. */
    private static String ruleId(Diagnostic d) {
        return d.rule() != null ? d.rule() : d.option() != null ? "-W" + d.option().option : null;
    }

    private static String location(SourcePos p) {
        StringBuilder sb = new StringBuilder("{\"physicalLocation\": {\"artifactLocation\": ");
        Path file = Path.of(p.fileName());
        if (file.isAbsolute()) sb.append("{\"uri\": ").append(q(file.toUri().toString())).append('}');
        else sb.append("{\"uri\": ").append(q(relativeUri(p.fileName()))).append(", \"uriBaseId\": \"PWD\"}");
        if (p.line() > 0) {
            sb.append(", \"region\": {\"startLine\": ").append(p.line());
            if (p.column() > 0) sb.append(", \"startColumn\": ").append(p.column());
            sb.append('}');
        }
        return sb.append("}}").toString();
    }

    /** A relative path as a URI reference: '/' separators, reserved characters percent-encoded. */
    private static String relativeUri(String path) {
        StringBuilder sb = new StringBuilder();
        for (byte b : path.replace(java.io.File.separatorChar, '/').getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (Character.isLetterOrDigit(c) && c < 0x80 || "-._~/".indexOf(c) >= 0) sb.append((char) c);
            else sb.append('%').append(String.format("%02X", c));
        }
        return sb.toString();
    }

    private static String directoryUri(Path dir) {
        String u = dir.toAbsolutePath().normalize().toUri().toString();
        return u.endsWith("/") ? u : u + "/";
    }

    private static String q(String s) {
        return BinaryDump.quote(s);
    }
}
