package org.fsflow.lang;

import java.io.PrintWriter;
import java.util.List;

/**
 * Prints diagnostics the way compilers do: {@code file:line:col: error: message}, then the source
 * line and a caret under the column.
 */
public final class DiagnosticPrinter {

    private DiagnosticPrinter() {}

    /** Prints every diagnostic of {@code diagnostics}, pointing into {@code source} when known. */
    public static void print(PrintWriter out, SourceText source, List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) {
            out.println(d.headline());
            Location at = d.location();
            if (source != null && at.inFile() && at.origin().equals(source.path())) {
                String line = source.line(at.line());
                if (!line.isEmpty() && isPrintable(line)) {
                    out.println("  " + line);
                    out.println("  " + caretPrefix(line, at.column()) + "^");
                }
            }
        }
        out.flush();
    }

    // Keep tabs in the prefix so the caret lines up with a tab-indented source line.
    private static String caretPrefix(String line, int column) {
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < column - 1 && i < line.length(); i++) {
            prefix.append(line.charAt(i) == '\t' ? '\t' : ' ');
        }
        return prefix.toString();
    }

    private static boolean isPrintable(String line) {
        return line.length() <= 300 && line.chars().noneMatch(c -> c < 0x20 && c != '\t');
    }
}
