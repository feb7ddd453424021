package org.fsflow.safety;

/**
 * Text from a scenario, a run directory or an import, made safe to show: every character that a
 * terminal, a browser or an editor would act on instead of showing (C0 and C1 controls, DEL, bidi
 * overrides and isolates, zero-width and line-separator characters, lone surrogates) is written
 * visibly, so what a reviewer reads is what runs. ESC is {@code \e}, CR {@code \r}, the others
 * their code point ({@code \u009b}, {@code \u202e}). A backslash itself is left as it is: shell
 * code is full of them, and nothing hides behind one.
 *
 * <p>{@link #text} keeps newlines and tabs (a multi-line {@code run:} string reads as written);
 * {@link #line} escapes them too (a name, a label, a table cell).
 */
public final class Visible {

    private Visible() {}

    /** {@code s} with every hidden or acting character escaped, newlines and tabs kept; null stays null. */
    public static String text(String s) {
        return escape(s, false);
    }

    /** {@code s} on one line: as {@link #text}, and newlines and tabs escaped as {@code \n}, {@code \t}. */
    public static String line(String s) {
        return escape(s, true);
    }

    /** True when {@code s} holds a character that {@link #line} would escape (refused in names and labels). */
    public static boolean hasHidden(String s) {
        return s != null && firstHidden(s, true) >= 0;
    }

    /** True when {@code c} is not shown as itself: a control, a format character that reorders or hides text. */
    public static boolean hidden(char c) {
        return Character.isISOControl(c)
                || c == '\u061c' // Arabic letter mark
                || (c >= '\u200b' && c <= '\u200f') // zero-width space, joiners, LRM, RLM
                || (c >= '\u2028' && c <= '\u202e') // line and paragraph separators, bidi embeddings and overrides
                || (c >= '\u2060' && c <= '\u2069') // word joiner, invisible operators, bidi isolates
                || c == '\ufeff' // zero-width no-break space
                || (c >= '\ufff9' && c <= '\ufffb'); // interlinear annotations
    }

    private static int firstHidden(String s, boolean oneLine) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return i;
            }
            if (hidden(c) && (oneLine || (c != '\n' && c != '\t'))) {
                return i;
            }
        }
        return -1;
    }

    private static String escape(String s, boolean oneLine) {
        if (s == null) {
            return null;
        }
        int first = firstHidden(s, oneLine);
        if (first < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 16).append(s, 0, first);
        for (int i = first; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                b.append(c).append(s.charAt(++i));
            } else if (Character.isSurrogate(c) || (hidden(c) && (oneLine || (c != '\n' && c != '\t')))) {
                b.append(escaped(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static String escaped(char c) {
        return switch (c) {
            case '\u001b' -> "\\e";
            case '\r' -> "\\r";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\0' -> "\\0";
            default -> String.format("\\u%04x", (int) c);
        };
    }
}
