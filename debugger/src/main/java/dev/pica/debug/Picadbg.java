package dev.pica.debug;

import dev.pica.driver.ToolchainVersion;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.eclipse.lsp4j.debug.launch.DSPLauncher;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.jsonrpc.Launcher;

/**
 * {@code picadbg}: the debug adapter over standard input and output, as lldb-dap and debugpy's
 * adapter run. Standard output carries only the protocol; anything else goes to standard error.
 */
public final class Picadbg {
    private Picadbg() {}

    public static void main(String[] args) {
        for (String a : args) {
            switch (a) {
                case "--version", "-v" -> {
                    System.out.println("picadbg " + ToolchainVersion.TEXT + " (pica toolchain; Debug Adapter Protocol over picasim)");
                    return;
                }
                case "--help", "-h" -> {
                    System.out.println("Usage: picadbg\n"
                            + "A Debug Adapter Protocol server for PICA200 shaders over standard input and output: it runs them as picasim does.\n"
                            + "Start it from an editor (docs/editors.md). launch: {\"program\": FILE (.shbin, or a source, picasso unit or .shlist to build),\n"
                            + "\"entry\": INDEX|LABEL, \"input\": FILE.json | \"inputs\": {...} (picasim's --input shape), \"stopOnEntry\": BOOL}.");
                    return;
                }
                default -> {
                    System.err.println("picadbg: error: unknown option '" + a + "' (picadbg --help shows the options)");
                    System.exit(2);
                }
            }
        }
        InputStream in = System.in;
        OutputStream out = System.out;
        System.setOut(new PrintStream(System.err, true));
        serve(in, out);
        System.exit(0);
    }

    /** Serves one client until it disconnects or the stream closes. */
    static void serve(InputStream in, OutputStream out) {
        PicaDebugServer server = new PicaDebugServer();
        Launcher<IDebugProtocolClient> launcher = DSPLauncher.createServerLauncher(server, in, out);
        server.connect(launcher.getRemoteProxy());
        Future<Void> listening = launcher.startListening();
        server.onExit(() -> listening.cancel(true));
        try {
            listening.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.CancellationException e) {
            // the stream closed or the client disconnected
        }
        server.finishPending();
    }
}
