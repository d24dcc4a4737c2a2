package dev.pica.lsp;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The client side for a program that drives picals itself (a test, a benchmark, a build tool):
 * published diagnostics go to a consumer; messages and telemetry are ignored.
 */
public final class DiagnosticsClient implements LanguageClient {
    private final Consumer<PublishDiagnosticsParams> sink;

    public DiagnosticsClient(Consumer<PublishDiagnosticsParams> sink) {
        this.sink = sink;
    }

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams p) {
        sink.accept(p);
    }

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public void showMessage(MessageParams m) {}

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams r) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void logMessage(MessageParams m) {}
}
