package dev.pica.lsp;

import dev.pica.lsp.analysis.Completions;
import dev.pica.lsp.analysis.DocumentAnalysis;
import dev.pica.lsp.analysis.DocumentFiles;
import dev.pica.lsp.analysis.HoverText;
import dev.pica.lsp.analysis.Includes;
import dev.pica.lsp.analysis.NameScopes;
import dev.pica.lsp.analysis.Renames;
import dev.pica.lsp.analysis.SemanticTokenList;
import dev.pica.lsp.analysis.SourceFormatter;
import dev.pica.lsp.analysis.Span;
import dev.pica.lsp.analysis.SymbolIndex;
import dev.pica.format.isa.syntax.Dialect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.lsp4j.SemanticTokensParams;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureHelpParams;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.jsonrpc.CompletableFutures;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * The text-document requests: document sync into {@link Documents}, and hover, definition,
 * references, document symbols, completion, signature help, rename, semantic tokens and formatting answered from the latest text's {@link SymbolIndex} (and the
 * latest analysis, where it matches the text) on LSP4J's request threads, cancellable.
 */
final class ShaderTextService implements TextDocumentService {
    private final Documents docs;

    ShaderTextService(Documents docs) {
        this.docs = docs;
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams p) {
        docs.changed(p.getTextDocument().getUri(), p.getTextDocument().getVersion(), p.getTextDocument().getText());
    }

    @Override
    public void didChange(DidChangeTextDocumentParams p) {
        // full synchronisation: the last change holds the whole text
        List<TextDocumentContentChangeEvent> changes = p.getContentChanges();
        if (changes.isEmpty()) return;
        docs.changed(p.getTextDocument().getUri(), p.getTextDocument().getVersion(), changes.get(changes.size() - 1).getText());
    }

    @Override
    public void didClose(DidCloseTextDocumentParams p) {
        docs.closed(p.getTextDocument().getUri());
    }

    @Override
    public void didSave(DidSaveTextDocumentParams p) {
        docs.saved(p.getTextDocument().getUri());
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            SymbolIndex ix = docs.index(uri);
            if (ix == null) return null;
            Position at = p.getPosition();
            if (DocumentAnalysis.isGlsl(uri)) {
                dev.pica.compiler.CompiledShader shader = docs.shader(uri);
                String said = shader == null ? null : dev.pica.lsp.analysis.GlslHover.of(shader.reflection(), docs.text(uri), at.getLine(), at.getCharacter());
                return said == null ? null : new Hover(new MarkupContent(MarkupKind.MARKDOWN, said));
            }
            DocumentAnalysis analysis = docs.current(uri);
            Dialect dialect = DocumentFiles.dialect(uri);
            String text = HoverText.of(Includes.withHeaders(uri, ix, docs), analysis, dialect, at.getLine(), at.getCharacter());
            SymbolIndex.Token t = ix.tokenAt(at.getLine(), at.getCharacter());
            // a name declared in a source built with this one (a library's label): only then are its folder and lists read
            if (text == null && t != null) text = HoverText.of(NameScopes.visible(uri, ix, docs), analysis, dialect, at.getLine(), at.getCharacter());
            if (text == null) return null;
            Hover h = new Hover(new MarkupContent(MarkupKind.MARKDOWN, text));
            if (t != null) h.setRange(range(t.line(), t.col(), t.end()));
            return h;
        });
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            List<Location> out = new ArrayList<>();
            SymbolIndex ix = docs.index(uri);
            if (ix != null) {
                Position at = p.getPosition();
                SymbolIndex.Include inc = ix.includeAt(at.getLine(), at.getCharacter());
                if (inc != null) {
                    Path file = Includes.resolve(uri, inc.path(), docs);
                    if (file != null) out.add(new Location(DocumentFiles.uriOf(file), range(0, 0, 0)));
                } else {
                    SymbolIndex.Token t = ix.tokenAt(at.getLine(), at.getCharacter());
                    if (t != null && !t.afterDot()) {
                        Includes.Indexed f = NameScopes.declaring(NameScopes.lookup(uri, ix, t.text(), docs), t.text());
                        if (f != null) {
                            SymbolIndex.Definition d = f.index().definition(t.text());
                            out.add(new Location(f.uri(), range(d.line(), d.col(), d.end())));
                        }
                    }
                }
            }
            return Either.forLeft(out);
        });
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            List<Location> out = new ArrayList<>();
            SymbolIndex ix = docs.index(uri);
            if (ix == null) return out;
            SymbolIndex.Token t = ix.tokenAt(p.getPosition().getLine(), p.getPosition().getCharacter());
            if (t == null || t.afterDot()) return out;
            boolean withDeclaration = p.getContext() == null || p.getContext().isIncludeDeclaration();
            for (Includes.Indexed f : NameScopes.sharing(uri, ix, t.text(), docs)) {
                cancel.checkCanceled();
                SymbolIndex.Definition d = f.index().definition(t.text());
                for (SymbolIndex.Token o : f.index().occurrences(t.text())) {
                    boolean isDecl = d != null && d.line() == o.line() && d.col() == o.col();
                    if (isDecl && !withDeclaration) continue;
                    out.add(new Location(f.uri(), range(o.line(), o.col(), o.end())));
                }
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            List<Either<SymbolInformation, DocumentSymbol>> out = new ArrayList<>();
            SymbolIndex ix = docs.index(uri);
            if (ix == null) return out;
            for (SymbolIndex.Definition d : ix.definitions()) {
                Range r = range(d.line(), d.col(), d.end());
                Range whole = range(d.line(), 0, ix.line(d.line()).length());
                out.add(Either.forRight(new DocumentSymbol(d.name(), ProtocolKinds.symbol(d.kind()), whole, r, d.kind().name().toLowerCase(java.util.Locale.ROOT))));
            }
            return out;
        });
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            SymbolIndex ix = docs.index(uri);
            if (ix == null) return Either.forLeft(List.of());
            List<CompletionItem> items = Completions.at(Includes.withHeaders(uri, ix, docs), DocumentFiles.dialect(uri),
                    p.getPosition().getLine(), p.getPosition().getCharacter()).stream().map(ToProtocol::completion).toList();
            return Either.forRight(new CompletionList(false, items));
        });
    }

    @Override
    public CompletableFuture<SignatureHelp> signatureHelp(SignatureHelpParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            SymbolIndex ix = docs.index(uri);
            return ix == null ? null : ToProtocol.signature(Completions.signature(ix, DocumentFiles.dialect(uri), p.getPosition().getLine(), p.getPosition().getCharacter()));
        });
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(PrepareRenameParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            SymbolIndex ix = docs.index(uri);
            List<Includes.Indexed> files = ix == null ? null : NameScopes.visible(uri, ix, docs);
            SymbolIndex.Token t = ix == null ? null : Renames.renameable(files, p.getPosition().getLine(), p.getPosition().getCharacter());
            if (t == null) throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, "only a declared name can be renamed here", null));
            String why = Renames.publicRefusal(files, t.text());
            if (why != null) throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, why, null));
            return Either3.forSecond(new PrepareRenameResult(ToProtocol.range(Span.of(t)), t.text()));
        });
    }

    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            SymbolIndex ix = docs.index(uri);
            if (ix == null) return null;
            SymbolIndex.Token t = Renames.renameable(NameScopes.visible(uri, ix, docs), p.getPosition().getLine(), p.getPosition().getCharacter());
            if (t == null) throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, "only a declared name can be renamed here", null));
            List<Includes.Indexed> files = NameScopes.sharing(uri, ix, t.text(), docs);
            String why = Renames.publicRefusal(files, t.text());
            if (why == null) why = Renames.refusal(files, p.getNewName());
            if (why != null) throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, why, null));
            return ToProtocol.edit(Renames.edit(files, t.text(), p.getNewName()));
        });
    }

    @Override
    public CompletableFuture<List<? extends TextEdit>> formatting(DocumentFormattingParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            String text = docs.text(uri);
            if (text == null) return List.of();
            String laid = SourceFormatter.format(text, DocumentFiles.dialect(uri));
            if (laid.equals(text)) return List.of();
            // one edit over the whole text; lines are never added or removed
            String[] lines = text.split("\r\n|\r|\n", -1);
            return List.of(new TextEdit(new Range(new Position(0, 0), new Position(lines.length - 1, lines[lines.length - 1].length())), laid));
        });
    }

    @Override
    public CompletableFuture<SemanticTokens> semanticTokensFull(SemanticTokensParams p) {
        String uri = p.getTextDocument().getUri();
        return CompletableFutures.computeAsync(cancel -> {
            SymbolIndex ix = docs.index(uri);
            return new SemanticTokens(ix == null ? List.of() : SemanticTokenList.of(ix, DocumentFiles.dialect(uri)));
        });
    }

    private static Range range(int line, int col, int end) {
        return ToProtocol.range(line, col, end);
    }
}
