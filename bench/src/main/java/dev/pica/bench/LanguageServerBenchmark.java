package dev.pica.bench;

import dev.pica.lsp.DiagnosticsClient;
import dev.pica.lsp.PicaLanguageServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time from an edit to its diagnostics in picals, as an editor sees it: a client sends
 * didChange over a loopback socket (JSON-RPC, as over stdio) and waits for the
 * publishDiagnostics of that version. The document is a benchmark shader of {@link ToolchainBenchmark}
 * with a comment after every fifth line, as written shaders carry them (the 500-word one is 501
 * lines); each edit changes a constant, so every one is assembled and verified again.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseG1GC"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class LanguageServerBenchmark {
    /** the benchmark shaders of 16, 128 and 500 words, commented: 26, 136 and 501 lines */
    @Param({"16", "128", "500"})
    public int words;

    private static final String URI = "file:///bench/shader.vsh";
    private LanguageServer server;
    private final LinkedBlockingQueue<PublishDiagnosticsParams> published = new LinkedBlockingQueue<>();
    private String text;
    private int version = 1;
    private Socket clientSide, serverSide;
    private java.util.concurrent.Future<Void> serverListening, clientListening;

    @Setup
    public void setup() throws Exception {
        StringBuilder sb = new StringBuilder();
        String[] lines = ToolchainBenchmark.shader(words).split("\n");
        for (int k = 0; k < lines.length; k++) {
            sb.append(lines[k]).append('\n');
            if (k % 5 == 4) sb.append("  // step ").append(k / 5).append('\n');
        }
        text = sb.toString();
        ServerSocket listen = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        clientSide = new Socket(InetAddress.getLoopbackAddress(), listen.getLocalPort());
        serverSide = listen.accept();
        listen.close();
        // no Nagle: with delayed ACKs it would hold each small message back ~40 ms (pipes, as editors use, do not)
        clientSide.setTcpNoDelay(true);
        serverSide.setTcpNoDelay(true);
        PicaLanguageServer impl = new PicaLanguageServer(() -> { });
        Launcher<LanguageClient> sl = LSPLauncher.createServerLauncher(impl, serverSide.getInputStream(), serverSide.getOutputStream());
        impl.connect(sl.getRemoteProxy());
        serverListening = sl.startListening();
        Launcher<LanguageServer> cl = LSPLauncher.createClientLauncher(new DiagnosticsClient(published::add), clientSide.getInputStream(), clientSide.getOutputStream());
        clientListening = cl.startListening();
        server = cl.getRemoteProxy();
        InitializeParams init = new InitializeParams();
        init.setCapabilities(new ClientCapabilities());
        server.initialize(init).get();
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(URI, "picasm", version, text)));
        PublishDiagnosticsParams first = published.poll(30, TimeUnit.SECONDS);
        if (first == null || !first.getDiagnostics().isEmpty()) throw new IllegalStateException("the benchmark shader should have no findings: " + first);
    }

    @Benchmark
    public PublishDiagnosticsParams edit() throws Exception {
        version++;
        String edited = text.replace("def c90, 1, 0.5, 0.25, 2", "def c90, 1, 0.5, 0.25, " + (version % 7 + 2));
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(URI, version),
                List.of(new TextDocumentContentChangeEvent(edited))));
        while (true) {
            PublishDiagnosticsParams p = published.poll(30, TimeUnit.SECONDS);
            if (p == null) throw new IllegalStateException("no diagnostics for version " + version);
            if (p.getVersion() != null && p.getVersion() == version) return p;
        }
    }

    @TearDown
    public void tearDown() throws Exception {
        server.shutdown().get();
        serverListening.cancel(true);
        clientListening.cancel(true);
        clientSide.close();
        serverSide.close();
    }
}
