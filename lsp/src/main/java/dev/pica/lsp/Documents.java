package dev.pica.lsp;

import dev.pica.lsp.analysis.DocumentAnalysis;
import dev.pica.lsp.analysis.DocumentFiles;
import dev.pica.lsp.analysis.EditorState;
import dev.pica.lsp.analysis.Finding;
import dev.pica.lsp.analysis.Settings;
import dev.pica.lsp.analysis.SymbolIndex;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.eclipse.lsp4j.PublishDiagnosticsParams;

/**
 * The open documents and their analyses. Edits are analysed on one worker thread and coalesced:
 * an analysis reads the latest text when it starts, so the edits that arrive while one runs are
 * assembled once, together, right after it (no fixed delay to wait out); an analysis whose text
 * has been edited since is dropped, not published. Requests read the latest text's index at once
 * and never wait for an analysis, so a slow request never holds back the diagnostics of the next
 * edit. Thread-safe.
 */
final class Documents implements EditorState, AutoCloseable {
    private record Open(int version, String text, SymbolIndex index) {}

    private final Map<String, Open> open = new HashMap<>();
    private final Map<String, DocumentAnalysis> analysed = new HashMap<>();
    /** a GLSL document's last compiled shader: hover keeps answering while the text being typed has errors */
    private final Map<String, dev.pica.compiler.CompiledShader> lastShader = new HashMap<>();
    /**
     * per document shown diagnostics, what each analysed document said about it: its own
     * findings, a header's findings from the sources including it, a library's link findings
     * from the main sources linked with it; published merged
     */
    private final Map<String, Map<String, List<Finding>>> said = new HashMap<>();
    /** documents waiting for the worker: it reads their text when it gets to them */
    private final Set<String> queued = new HashSet<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "picals-analysis");
        t.setDaemon(true);
        return t;
    });
    private volatile Settings settings = Settings.defaults();
    private volatile Consumer<PublishDiagnosticsParams> publisher = p -> { };

    void settings(Settings s) {
        settings = s;
    }

    @Override
    public java.util.List<java.nio.file.Path> includeDirs() {
        return settings.includeDirs();
    }

    private volatile List<java.nio.file.Path> roots = List.of();

    void workspaceRoots(List<java.nio.file.Path> r) {
        roots = List.copyOf(r);
    }

    @Override
    public List<java.nio.file.Path> workspaceRoots() {
        return roots;
    }

    void publisher(Consumer<PublishDiagnosticsParams> p) {
        publisher = p;
    }

    /**
     * Opened or edited: analysed as soon as the worker is free, with the text it then has; so are
     * the other open sources of its dialect in its folder, which may be built with it (an SDK
     * main source links its folder's libraries; a .shlist's or devkitPro pair's sources are one run).
     */
    synchronized void changed(String uri, int version, String text) {
        open.put(uri, new Open(version, text, SymbolIndex.of(text, DocumentFiles.dialect(uri))));
        schedule(uri);
        java.nio.file.Path self = DocumentFiles.pathOf(uri);
        if (self == null) return;
        for (String other : open.keySet()) {
            java.nio.file.Path p = DocumentFiles.pathOf(other);
            if (p != null && !other.equals(uri) && DocumentFiles.dialect(other) == DocumentFiles.dialect(uri) && java.util.Objects.equals(p.getParent(), self.getParent())) schedule(other);
        }
    }

    /** Saved: analysed again (an included header may have changed on disk). */
    synchronized void saved(String uri) {
        Open o = open.get(uri);
        if (o == null) return;
        analysed.remove(uri);
        schedule(uri);
    }

    synchronized void closed(String uri) {
        open.remove(uri);
        analysed.remove(uri);
        lastShader.remove(uri);
        publish(uri, Map.of(), null);
    }

    /** Every open document analysed again (new settings). */
    void analyseAll() {
        for (String uri : openUris()) schedule(uri);
    }

    private void schedule(String uri) {
        if (queued.add(uri)) worker.execute(() -> analyse(uri));
    }

    private void analyse(String uri) {
        Open doc;
        synchronized (this) {
            queued.remove(uri);
            doc = open.get(uri);
        }
        if (doc == null) return;
        DocumentAnalysis a = DocumentAnalysis.run(uri, doc.version(), doc.text(), settings, this::textOf, editorFiles);
        synchronized (this) {
            Open now = open.get(uri);
            if (now == null || now != doc) return; // edited meanwhile: its own analysis is queued
            analysed.put(uri, a);
            if (a.shader != null) lastShader.put(uri, a.shader);
            publish(uri, a.findings, doc.version());
        }
    }

    /** Records what {@code source} says about each document and publishes every document whose diagnostics changed. */
    private void publish(String source, Map<String, List<Finding>> byTarget, Integer version) {
        Set<String> targets = new java.util.LinkedHashSet<>();
        for (Map.Entry<String, Map<String, List<Finding>>> e : said.entrySet()) if (e.getValue().containsKey(source)) targets.add(e.getKey());
        targets.addAll(byTarget.keySet());
        targets.remove(source);
        targets.add(source); // the document itself last, with its version
        for (String t : targets) {
            Map<String, List<Finding>> by = said.computeIfAbsent(t, k -> new java.util.LinkedHashMap<>());
            List<Finding> d = byTarget.get(t);
            if (d == null) by.remove(source);
            else by.put(source, d);
            // the same finding from two analyses (a library's own and a main source's link) is shown once
            Map<String, Finding> merged = new java.util.LinkedHashMap<>();
            for (List<Finding> l : by.values()) for (Finding x : l) merged.putIfAbsent(x.identity(), x);
            if (by.isEmpty()) said.remove(t);
            publisher.accept(new PublishDiagnosticsParams(t, merged.values().stream().map(ToProtocol::diagnostic).toList(), t.equals(source) ? version : null));
        }
    }

    /** The latest text's index, or null if the document is not open. */
    @Override
    public synchronized SymbolIndex index(String uri) {
        Open o = open.get(uri);
        return o == null ? null : o.index();
    }

    /** Included files as the editor holds them when open (unsaved edits included), else from the disk. */
    private final dev.pica.asm.pp.SourceFiles editorFiles = new dev.pica.asm.pp.SourceFiles() {
        @Override
        public boolean isFile(java.nio.file.Path p) {
            return text(DocumentFiles.uriOf(p)) != null || java.nio.file.Files.isRegularFile(p);
        }

        @Override
        public byte[] read(java.nio.file.Path p) throws java.io.IOException {
            String open = text(DocumentFiles.uriOf(p));
            return open != null ? open.getBytes(java.nio.charset.StandardCharsets.UTF_8) : java.nio.file.Files.readAllBytes(p);
        }
    };

    /** A file's text as the editor holds it if open, else as on disk; null if unreadable. */
    private String textOf(java.nio.file.Path p) {
        String open = text(DocumentFiles.uriOf(p));
        return open != null ? open : DocumentFiles.read(p);
    }

    /** The latest text, or null if the document is not open. */
    @Override
    public synchronized String text(String uri) {
        Open o = open.get(uri);
        return o == null ? null : o.text();
    }

    /** The analysis of the latest text, or null while it is still pending or the document is closed. */
    synchronized DocumentAnalysis current(String uri) {
        Open o = open.get(uri);
        DocumentAnalysis a = analysed.get(uri);
        return o != null && a != null && a.version == o.version() ? a : null;
    }

    /** A GLSL document's last compiled shader (of this text or an earlier one), or null. */
    synchronized dev.pica.compiler.CompiledShader shader(String uri) {
        return lastShader.get(uri);
    }

    synchronized Set<String> openUris() {
        return Set.copyOf(open.keySet());
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
