package org.fsflow.report;

import freemarker.core.CommonMarkupOutputFormat;
import freemarker.core.CommonTemplateMarkupOutputModel;
import java.io.IOException;
import java.io.Writer;

/**
 * Auto-escaping for GitHub-flavoured Markdown: every interpolated value is plain text, so a
 * scenario title or a command holding {@code |}, {@code *}, backquotes or raw HTML cannot break a
 * table or inject markup (GitHub renders HTML found in Markdown).
 */
final class MarkdownOutputFormat extends CommonMarkupOutputFormat<MarkdownOutputFormat.Model> {

    static final MarkdownOutputFormat INSTANCE = new MarkdownOutputFormat();

    private MarkdownOutputFormat() {}

    @Override
    public String getName() {
        return "Markdown";
    }

    @Override
    public String getMimeType() {
        return "text/markdown";
    }

    @Override
    public void output(String textToEsc, Writer out) throws IOException {
        out.write(escapePlainText(textToEsc));
    }

    @Override
    public String escapePlainText(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '`', '*', '_', '[', ']', '|', '#', '~', '!' ->
                    b.append('\\').append(c);
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '\n', '\r' -> b.append(' ');
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    @Override
    public boolean isLegacyBuiltInBypassed(String builtInName) {
        return false;
    }

    @Override
    protected Model newTemplateMarkupOutputModel(String plainTextContent, String markupContent) {
        return new Model(plainTextContent, markupContent);
    }

    /** A piece of Markdown, escaped or not. */
    static final class Model extends CommonTemplateMarkupOutputModel<Model> {
        Model(String plainTextContent, String markupContent) {
            super(plainTextContent, markupContent);
        }

        @Override
        public MarkdownOutputFormat getOutputFormat() {
            return INSTANCE;
        }
    }
}
