package dev.pica.debug;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.debug.OutputEventArguments;
import org.eclipse.lsp4j.debug.StoppedEventArguments;
import org.eclipse.lsp4j.debug.launch.DSPLauncher;
import org.eclipse.lsp4j.debug.services.IDebugProtocolClient;
import org.eclipse.lsp4j.debug.services.IDebugProtocolServer;
import org.eclipse.lsp4j.jsonrpc.Launcher;

/**
 * A DAP client over a pair of pipes to {@link Picadbg#serve}, as an editor talks to picadbg over
 * its standard streams: every message goes through LSP4J's JSON framing both ways.
 */
final class DapClient implements IDebugProtocolClient, AutoCloseable {
    final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    final List<String> output = new ArrayList<>();
    final IDebugProtocolServer server;
    private final Thread adapter;
    private final PipedOutputStream toServer;

    DapClient() throws IOException {
        PipedInputStream serverIn = new PipedInputStream(1 << 16), clientIn = new PipedInputStream(1 << 16);
        toServer = new PipedOutputStream(serverIn);
        PipedOutputStream toClient = new PipedOutputStream(clientIn);
        adapter = new Thread(() -> Picadbg.serve(serverIn, toClient), "picadbg under test");
        adapter.setDaemon(true);
        adapter.start();
        Launcher<IDebugProtocolServer> l = DSPLauncher.createClientLauncher(this, clientIn, toServer);
        server = l.getRemoteProxy();
        l.startListening();
    }

    @Override public void initialized() { events.add("initialized"); }
    @Override public void stopped(StoppedEventArguments a) { events.add(a); }
    @Override public void terminated(org.eclipse.lsp4j.debug.TerminatedEventArguments a) { events.add("terminated"); }
    @Override public void exited(org.eclipse.lsp4j.debug.ExitedEventArguments a) { events.add("exited " + a.getExitCode()); }

    @Override
    public void output(OutputEventArguments a) {
        synchronized (output) {
            output.add(a.getOutput());
        }
    }

    List<String> output() {
        synchronized (output) {
            return List.copyOf(output);
        }
    }

    static <T> T get(CompletableFuture<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    /** The next event, which must be of this kind (a string event or StoppedEventArguments). */
    Object next() throws InterruptedException {
        Object e = events.poll(30, TimeUnit.SECONDS);
        if (e == null) throw new AssertionError("no event within 30 s");
        return e;
    }

    StoppedEventArguments stopped() throws InterruptedException {
        Object e = next();
        if (!(e instanceof StoppedEventArguments s)) throw new AssertionError("expected a stopped event, got " + e);
        return s;
    }

    @Override
    public void close() throws IOException {
        toServer.close();
    }
}
