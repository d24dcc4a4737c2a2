package dev.pica.lsp;

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
final class Documents implements AutoCloseable {
    private record Open(int version, String text, SymbolIndex index) {}

    private final Map<String, Open> open = new HashMap<>();
    private final Map<String, DocumentAnalysis> analysed = new HashMap<>();
    /** per document, the other files (headers) it last published diagnostics on */
    private final Map<String, Set<String>> publishedOn = new HashMap<>();
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

    java.util.List<java.nio.file.Path> settingsIncludeDirs() {
        return settings.includeDirs();
    }

    void publisher(Consumer<PublishDiagnosticsParams> p) {
        publisher = p;
    }

    /** Opened or edited: analysed as soon as the worker is free, with the text it then has. */
    synchronized void changed(String uri, int version, String text) {
        open.put(uri, new Open(version, text, SymbolIndex.of(text, DocumentAnalysis.isPicasso(uri))));
        schedule(uri);
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
        Set<String> on = publishedOn.remove(uri);
        if (on != null) for (String u : on) publisher.accept(new PublishDiagnosticsParams(u, List.of()));
        publisher.accept(new PublishDiagnosticsParams(uri, List.of()));
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
        DocumentAnalysis a = DocumentAnalysis.run(uri, doc.version(), doc.text(), settings);
        synchronized (this) {
            Open now = open.get(uri);
            if (now == null || now != doc) return; // edited meanwhile: its own analysis is queued
            analysed.put(uri, a);
            Set<String> before = publishedOn.getOrDefault(uri, Set.of());
            Set<String> after = new HashSet<>();
            for (Map.Entry<String, List<org.eclipse.lsp4j.Diagnostic>> e : a.diagnostics.entrySet()) {
                if (e.getKey().equals(uri)) continue;
                after.add(e.getKey());
                publisher.accept(new PublishDiagnosticsParams(e.getKey(), e.getValue()));
            }
            for (String u : before) if (!after.contains(u)) publisher.accept(new PublishDiagnosticsParams(u, List.of()));
            publishedOn.put(uri, after);
            publisher.accept(new PublishDiagnosticsParams(uri, a.diagnostics.get(uri), doc.version()));
        }
    }

    /** The latest text's index, or null if the document is not open. */
    synchronized SymbolIndex index(String uri) {
        Open o = open.get(uri);
        return o == null ? null : o.index();
    }

    /** The latest text, or null if the document is not open. */
    synchronized String text(String uri) {
        Open o = open.get(uri);
        return o == null ? null : o.text();
    }

    /** The analysis of the latest text, or null while it is still pending or the document is closed. */
    synchronized DocumentAnalysis current(String uri) {
        Open o = open.get(uri);
        DocumentAnalysis a = analysed.get(uri);
        return o != null && a != null && a.version == o.version() ? a : null;
    }

    synchronized Set<String> openUris() {
        return Set.copyOf(open.keySet());
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
