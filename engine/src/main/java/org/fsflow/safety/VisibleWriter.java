package org.fsflow.safety;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * A terminal writer through which everything is shown as {@link Visible#text}: what fsflow prints
 * on its standard output and error (a plan, a dry run, the commands of a foreign scenario, an error
 * naming a file) cannot move the cursor, clear a line or reorder text, whatever a scenario, a run
 * directory or an import holds. fsflow's own terminal controls (the live status line) go around
 * it with {@link #raw}.
 */
public final class VisibleWriter extends PrintWriter {

    private final PrintWriter target;

    private VisibleWriter(PrintWriter target) {
        super(new Escaping(target), true);
        this.target = target;
    }

    /** {@code w} escaping what it prints; {@code w} itself when it already does. */
    public static PrintWriter of(PrintWriter w) {
        return w instanceof VisibleWriter ? w : new VisibleWriter(w);
    }

    /** Prints fsflow's own {@code controls} (such as CR, ESC [K) on {@code w} as they are. */
    public static void raw(PrintWriter w, String controls) {
        if (w instanceof VisibleWriter v) {
            v.flush();
            v.target.print(controls);
        } else {
            w.print(controls);
        }
    }

    /** Escapes as it passes: a high surrogate at the end of one write waits for the next. */
    private static final class Escaping extends FilterWriter {

        private char pending;

        Escaping(Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws IOException {
            write(new char[] {(char) c}, 0, 1);
        }

        @Override
        public void write(String s, int off, int len) throws IOException {
            write(s.toCharArray(), off, len);
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            StringBuilder b = new StringBuilder(len + 1);
            if (pending != 0) {
                b.append(pending);
                pending = 0;
            }
            b.append(buf, off, len);
            if (b.length() > 0 && Character.isHighSurrogate(b.charAt(b.length() - 1))) {
                pending = b.charAt(b.length() - 1);
                b.setLength(b.length() - 1);
            }
            out.write(Visible.text(b.toString()));
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            if (pending != 0) {
                out.write(Visible.text(String.valueOf(pending)));
                pending = 0;
            }
            out.close();
        }
    }
}
