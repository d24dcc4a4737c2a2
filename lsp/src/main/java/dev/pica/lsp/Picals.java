package dev.pica.lsp;

import dev.pica.driver.ToolchainVersion;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * {@code picals}: the language server over standard input and output. Standard output carries
 * only the protocol, so anything else a library might print goes to standard error.
 */
public final class Picals {
    private Picals() {}

    public static void main(String[] args) {
        for (String a : args) {
            switch (a) {
                case "--stdio" -> { } // what VS Code's client passes; stdio is the only transport
                case "--version", "-v" -> {
                    System.out.println("picals " + ToolchainVersion.TEXT + " (pica toolchain; SDK and picasso dialects)");
                    return;
                }
                case "--help", "-h" -> {
                    System.out.println("Usage: picals [--stdio]\n"
                            + "A Language Server Protocol server for PICA200 shaders (.vsh/.gsh, .pica) over standard input and output.\n"
                            + "Start it from an editor: see docs/editors.md. initializationOptions: {\"includeDirs\": [...], \"defines\": [...], \"warnings\": [\"-Wextra\", ...]}.");
                    return;
                }
                default -> {
                    System.err.println("picals: error: unknown option '" + a + "' (picals --help shows the options)");
                    System.exit(2);
                }
            }
        }
        InputStream in = System.in;
        OutputStream out = System.out;
        System.setOut(new PrintStream(System.err, true));
        System.exit(serve(in, out));
    }

    /** Serves one client until it disconnects; the LSP exit code (0 after shutdown, else 1). */
    static int serve(InputStream in, OutputStream out) {
        PicaLanguageServer server = new PicaLanguageServer(() -> { });
        Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, in, out);
        server.connect(launcher.getRemoteProxy());
        Future<Void> listening = launcher.startListening();
        server.onExit(() -> listening.cancel(true));
        try {
            listening.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.CancellationException e) {
            // the stream closed or exit was asked
        }
        return server.exitCode();
    }
}
