package dev.pica.lsp;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.eclipse.lsp4j.PublishDiagnosticsParams;

/**
 * The open documents and their analyses. Edits are analysed on one worker thread, debounced
 * (a burst of keystrokes is assembled once); an analysis whose text has been edited since is
 * dropped, not published. Requests read the latest text's index at once and never wait for an
 * analysis, so a slow request never holds back the diagnostics of the next edit. Thread-safe.
 */
final class Documents implements AutoCloseable {
    /** how long an edit waits for the next one before it is assembled */
    static final long DEBOUNCE_MS = 120;

    private record Open(int version, String text, SymbolIndex index) {}

    private final Map<String, Open> open = new HashMap<>();
    private final Map<String, DocumentAnalysis> analysed = new HashMap<>();
    /** per document, the other files (headers) it last published diagnostics on */
    private final Map<String, Set<String>> publishedOn = new HashMap<>();
    private final Map<String, ScheduledFuture<?>> pending = new HashMap<>();
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
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

    /** Opened or saved: analysed now. */
    synchronized void opened(String uri, int version, String text) {
        open.put(uri, new Open(version, text, SymbolIndex.of(text, DocumentAnalysis.isPicasso(uri))));
        schedule(uri, 0);
    }

    /** Edited: analysed after the debounce delay, unless edited again first. */
    synchronized void changed(String uri, int version, String text) {
        open.put(uri, new Open(version, text, SymbolIndex.of(text, DocumentAnalysis.isPicasso(uri))));
        schedule(uri, DEBOUNCE_MS);
    }

    synchronized void saved(String uri) {
        if (open.containsKey(uri)) schedule(uri, 0);
    }

    synchronized void closed(String uri) {
        open.remove(uri);
        analysed.remove(uri);
        ScheduledFuture<?> f = pending.remove(uri);
        if (f != null) f.cancel(false);
        Set<String> on = publishedOn.remove(uri);
        if (on != null) for (String u : on) publisher.accept(new PublishDiagnosticsParams(u, List.of()));
        publisher.accept(new PublishDiagnosticsParams(uri, List.of()));
    }

    private void schedule(String uri, long delayMs) {
        ScheduledFuture<?> old = pending.get(uri);
        if (old != null) old.cancel(false);
        pending.put(uri, worker.schedule(() -> analyse(uri), delayMs, TimeUnit.MILLISECONDS));
    }

    private void analyse(String uri) {
        Open doc;
        synchronized (this) {
            doc = open.get(uri);
        }
        if (doc == null) return;
        DocumentAnalysis a = DocumentAnalysis.run(uri, doc.version(), doc.text(), settings);
        synchronized (this) {
            Open now = open.get(uri);
            if (now == null || now.version() != doc.version()) return; // edited meanwhile: its own analysis follows
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
