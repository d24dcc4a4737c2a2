package dev.pica.lsp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/** A client talking JSON-RPC to a picals server through pipes, as an editor does over stdio. */
final class LspSession implements AutoCloseable {
    final LanguageServer server;
    private final Map<String, LinkedBlockingQueue<PublishDiagnosticsParams>> published = new ConcurrentHashMap<>();
    private final Thread serverThread;

    LspSession(Object initializationOptions) throws Exception {
        this(initializationOptions, null);
    }

    LspSession(Object initializationOptions, Path workspace) throws Exception {
        // a loopback socket, not pipes: Java's pipes fail once a thread that wrote to them ends
        ServerSocket listen = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Socket clientSide = new Socket(InetAddress.getLoopbackAddress(), listen.getLocalPort());
        Socket serverSide = listen.accept();
        listen.close();
        clientSide.setTcpNoDelay(true);
        serverSide.setTcpNoDelay(true);
        serverThread = new Thread(() -> {
            try {
                Picals.serve(serverSide.getInputStream(), serverSide.getOutputStream());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "picals-under-test");
        serverThread.setDaemon(true);
        serverThread.start();
        LanguageClient client = new DiagnosticsClient(p -> published.computeIfAbsent(p.getUri(), u -> new LinkedBlockingQueue<>()).add(p));
        Launcher<LanguageServer> l = LSPLauncher.createClientLauncher(client, clientSide.getInputStream(), clientSide.getOutputStream());
        l.startListening();
        server = l.getRemoteProxy();
        InitializeParams init = new InitializeParams();
        init.setCapabilities(new ClientCapabilities());
        init.setInitializationOptions(initializationOptions);
        if (workspace != null) init.setWorkspaceFolders(List.of(new org.eclipse.lsp4j.WorkspaceFolder(uri(workspace), "workspace")));
        server.initialize(init).get(30, TimeUnit.SECONDS);
    }

    static String uri(Path p) {
        return dev.pica.lsp.analysis.DocumentFiles.uriOf(p);
    }

    void open(String uri, String text) {
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "pica", 1, text)));
    }

    /** The next diagnostics published for this document (fails after 30 s). */
    PublishDiagnosticsParams next(String uri) throws InterruptedException {
        PublishDiagnosticsParams p = published.computeIfAbsent(uri, u -> new LinkedBlockingQueue<>()).poll(30, TimeUnit.SECONDS);
        if (p == null) throw new AssertionError("no diagnostics published for " + uri);
        return p;
    }

    /** Everything published for this document so far, without waiting. */
    List<PublishDiagnosticsParams> drained(String uri) {
        List<PublishDiagnosticsParams> out = new java.util.ArrayList<>();
        published.computeIfAbsent(uri, u -> new LinkedBlockingQueue<>()).drainTo(out);
        return out;
    }

    @Override
    public void close() throws IOException {
        try {
            server.shutdown().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException(e);
        }
        server.exit();
    }
}
