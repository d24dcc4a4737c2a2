package dev.pica.lsp;

import dev.pica.lsp.analysis.Completion;
import dev.pica.lsp.analysis.Completions;
import dev.pica.lsp.analysis.Finding;
import dev.pica.lsp.analysis.Renames;
import dev.pica.lsp.analysis.Span;
import dev.pica.lsp.analysis.WorkspaceSymbols;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.InsertTextFormat;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.ParameterInformation;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SignatureHelp;
import org.eclipse.lsp4j.SignatureInformation;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.WorkspaceSymbol;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/** The analysis' plain values as LSP4J's types (the kinds and the legend are {@link ProtocolKinds}'). */
final class ToProtocol {
    private ToProtocol() {}

    static Range range(Span s) {
        return range(s.line(), s.start(), s.end());
    }

    static Range range(int line, int col, int end) {
        return new Range(new Position(line, col), new Position(line, end));
    }

    static Diagnostic diagnostic(Finding f) {
        Diagnostic d = new Diagnostic(range(f.span()), f.message(), severity(f.severity()), "pica");
        if (f.code() != null) d.setCode(f.code());
        List<DiagnosticRelatedInformation> related = new ArrayList<>();
        for (Finding.Related r : f.related()) related.add(new DiagnosticRelatedInformation(new Location(r.uri(), range(r.span())), r.message()));
        if (!related.isEmpty()) d.setRelatedInformation(related);
        return d;
    }

    private static DiagnosticSeverity severity(dev.pica.format.diag.Diagnostic.Severity s) {
        return switch (s) {
            case ERROR -> DiagnosticSeverity.Error;
            case WARNING -> DiagnosticSeverity.Warning;
            case NOTE -> DiagnosticSeverity.Information;
        };
    }

    static CompletionItem completion(Completion c) {
        CompletionItem it = new CompletionItem(c.label());
        it.setKind(ProtocolKinds.completion(c.kind()));
        it.setDetail(c.detail());
        if (c.snippet() != null) {
            it.setInsertText(c.snippet());
            it.setInsertTextFormat(InsertTextFormat.Snippet);
        }
        if (c.documentation() != null) it.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, c.documentation()));
        return it;
    }

    static SignatureHelp signature(Completions.Signature s) {
        if (s == null) return null;
        List<ParameterInformation> params = new ArrayList<>();
        for (String p : s.parameters()) params.add(new ParameterInformation(p));
        SignatureInformation sig = new SignatureInformation(s.form(), new MarkupContent(MarkupKind.MARKDOWN, s.summary()), params);
        return new SignatureHelp(List.of(sig), 0, s.active());
    }

    static WorkspaceEdit edit(Map<String, List<Renames.Edit>> byUri) {
        Map<String, List<TextEdit>> changes = new LinkedHashMap<>();
        for (Map.Entry<String, List<Renames.Edit>> e : byUri.entrySet()) {
            changes.put(e.getKey(), e.getValue().stream().map(x -> new TextEdit(range(x.span()), x.newText())).toList());
        }
        return new WorkspaceEdit(changes);
    }

    static WorkspaceSymbol symbol(WorkspaceSymbols.Found f) {
        return new WorkspaceSymbol(f.name(), ProtocolKinds.symbol(f.kind()), Either.forLeft(new Location(f.uri(), range(f.span()))), f.fileName());
    }
}
