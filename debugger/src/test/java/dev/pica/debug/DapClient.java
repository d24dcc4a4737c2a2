package dev.pica.debug;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
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
 * A DAP client over a loopback socket to {@link Picadbg#serve}, as an editor talks to picadbg over
 * its standard streams: every message goes through LSP4J's JSON framing both ways. Not Java's
 * pipes: a PipedInputStream fails ("Write end dead", "Pipe broken") once the thread that last
 * wrote to it has ended, which LSP4J logged as a SEVERE stack trace after a green run.
 */
final class DapClient implements IDebugProtocolClient, AutoCloseable {
    final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    final List<String> output = new ArrayList<>();
    final IDebugProtocolServer server;
    private final Thread adapter;
    private final Socket clientSide;
    private final java.util.concurrent.Future<Void> listening;

    DapClient() throws IOException {
        Socket serverSide;
        try (ServerSocket listen = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            clientSide = new Socket(InetAddress.getLoopbackAddress(), listen.getLocalPort());
            serverSide = listen.accept();
        }
        adapter = new Thread(() -> {
            // as the process ends: the adapter's output closes when it stops serving
            try (serverSide) {
                Picadbg.serve(serverSide.getInputStream(), serverSide.getOutputStream());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "picadbg under test");
        adapter.setDaemon(true);
        adapter.start();
        Launcher<IDebugProtocolServer> l = DSPLauncher.createClientLauncher(this, clientSide.getInputStream(), clientSide.getOutputStream());
        server = l.getRemoteProxy();
        listening = l.startListening();
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

    /**
     * Closes the client's output as an editor ends the adapter's input, and waits until the
     * adapter has stopped and the client has read the end of its output.
     */
    @Override
    public void close() throws IOException {
        clientSide.shutdownOutput();
        try {
            adapter.join(30_000);
            listening.get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException("the session did not end", e);
        } finally {
            clientSide.close();
        }
    }
}
