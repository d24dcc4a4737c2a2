package dev.pica.lsp;

import dev.pica.lsp.analysis.DocumentFiles;
import dev.pica.lsp.analysis.Settings;
import dev.pica.lsp.analysis.WorkspaceSymbols;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.RenameOptions;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.SemanticTokensWithRegistrationOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.SignatureHelpOptions;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.WorkspaceSymbolParams;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/** picals: the server's lifecycle and capabilities; the work is in {@link ShaderTextService} and {@link Documents}. */
public final class PicaLanguageServer implements LanguageServer, LanguageClientAware {
    private final Documents docs = new Documents();
    private final ShaderTextService text = new ShaderTextService(docs);
    private final WorkspaceService workspace = new Workspace();
    private volatile int exitCode = 1;
    private volatile Runnable onExit;

    /** @param onExit what "exit" does (the launcher stops listening; tests may do nothing) */
    public PicaLanguageServer(Runnable onExit) {
        this.onExit = onExit;
    }

    void onExit(Runnable r) {
        this.onExit = r;
    }

    @Override
    public void connect(LanguageClient client) {
        this.client = client;
        docs.publisher(client::publishDiagnostics);
    }

    private LanguageClient client;

    /** New settings: every open document analysed again; warning options picals cannot read are said once. */
    private void configure(Settings s) {
        docs.settings(s);
        if (s.problem() != null && client != null) client.showMessage(new org.eclipse.lsp4j.MessageParams(org.eclipse.lsp4j.MessageType.Warning, s.problem()));
    }

    @Override
    @SuppressWarnings("deprecation") // rootUri: clients without workspace folders still send it
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        configure(Settings.of(params.getInitializationOptions()));
        List<Path> roots = new ArrayList<>();
        if (params.getWorkspaceFolders() != null) {
            for (WorkspaceFolder f : params.getWorkspaceFolders()) {
                Path p = DocumentFiles.pathOf(f.getUri());
                if (p != null) roots.add(p);
            }
        }
        if (roots.isEmpty() && params.getRootUri() != null && DocumentFiles.pathOf(params.getRootUri()) != null) {
            roots.add(DocumentFiles.pathOf(params.getRootUri()));
        }
        docs.workspaceRoots(roots);
        ServerCapabilities c = new ServerCapabilities();
        TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
        sync.setOpenClose(true);
        sync.setChange(TextDocumentSyncKind.Full);
        sync.setSave(new SaveOptions(false));
        c.setTextDocumentSync(sync);
        c.setHoverProvider(true);
        c.setDefinitionProvider(true);
        c.setReferencesProvider(true);
        c.setDocumentSymbolProvider(true);
        c.setCompletionProvider(new CompletionOptions(false, List.of(".", "#", " ")));
        c.setSignatureHelpProvider(new SignatureHelpOptions(List.of(" ", ",")));
        c.setRenameProvider(new RenameOptions(true));
        c.setDocumentFormattingProvider(true);
        c.setWorkspaceSymbolProvider(true);
        c.setExecuteCommandProvider(new org.eclipse.lsp4j.ExecuteCommandOptions(List.of(SHOW_ASSEMBLY)));
        c.setSemanticTokensProvider(new SemanticTokensWithRegistrationOptions(ProtocolKinds.LEGEND, false, true));
        return CompletableFuture.completedFuture(new InitializeResult(c, new ServerInfo("picals", dev.pica.driver.ToolchainVersion.TEXT)));
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        exitCode = 0;
        docs.close();
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void exit() {
        onExit.run();
    }

    /** 0 after a shutdown request, 1 if the client exits without one (as the LSP specification asks). */
    public int exitCode() {
        return exitCode;
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return text;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspace;
    }

    /**
     * The command that shows a GLSL document's PICA200 assembly: argument the document's URI,
     * result the SDK-dialect text picacc -S writes for it, each instruction under a comment naming
     * its GLSL line (the last text that compiled), or a line saying why there is none.
     */
    static final String SHOW_ASSEMBLY = "picals.showAssembly";

    /** Workspace symbols; configuration and watched files need nothing (every analysis reads headers afresh). */
    private final class Workspace implements WorkspaceService {
        @Override
        public CompletableFuture<Either<List<? extends SymbolInformation>, List<? extends WorkspaceSymbol>>> symbol(WorkspaceSymbolParams params) {
            return CompletableFutures.computeAsync(cancel -> Either.forRight(WorkspaceSymbols.find(docs.workspaceRoots(), params.getQuery(), docs, cancel::checkCanceled).stream().map(ToProtocol::symbol).toList()));
        }

        @Override
        public void didChangeConfiguration(DidChangeConfigurationParams params) {
            // a client that sends its settings here (VS Code's "pica" section, Neovim's settings) changes them for every open document
            if (params.getSettings() instanceof com.google.gson.JsonObject) {
                configure(Settings.of(params.getSettings()));
                docs.analyseAll();
            }
        }

        @Override
        public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        }

        @Override
        public CompletableFuture<Object> executeCommand(org.eclipse.lsp4j.ExecuteCommandParams params) {
            if (!SHOW_ASSEMBLY.equals(params.getCommand()) || params.getArguments() == null || params.getArguments().isEmpty()) {
                return CompletableFuture.failedFuture(new org.eclipse.lsp4j.jsonrpc.ResponseErrorException(new org.eclipse.lsp4j.jsonrpc.messages.ResponseError(
                        org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode.InvalidParams, "expected " + SHOW_ASSEMBLY + " with a document URI", null)));
            }
            Object a = params.getArguments().get(0);
            String uri = a instanceof com.google.gson.JsonPrimitive j ? j.getAsString() : String.valueOf(a);
            dev.pica.compiler.CompiledShader shader = docs.shader(uri);
            if (shader != null) return CompletableFuture.completedFuture(shader.assembly());
            return CompletableFuture.completedFuture(dev.pica.lsp.analysis.DocumentAnalysis.isGlsl(uri)
                    ? "// " + uri + " has not compiled yet: its errors are in the diagnostics\n"
                    : "// " + uri + " is assembly already; the assembly of a GLSL source (.vert) is shown\n");
        }
    }
}
