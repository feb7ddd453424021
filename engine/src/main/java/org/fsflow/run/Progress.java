package org.fsflow.run;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Live events of a run, separate from its results. On a terminal one line is rewritten in place
 * (measured nodes done, cell run i/N where a cell run is one repetition of one cell, node,
 * elapsed, ETA from the nodes done); otherwise one plain line per node.
 */
final class Progress {

    private final PrintWriter out;
    private final boolean live;
    private final long total;
    private final long startNanos = System.nanoTime();
    private long done;
    private int cell;
    private int cells;

    Progress(PrintWriter out, boolean live, long total) {
        this.out = out;
        this.live = live;
        this.total = total;
    }

    void info(String line) {
        clear();
        out.println(line);
        out.flush();
    }

    void starting(String node, int cell, int cells) {
        this.cell = cell;
        this.cells = cells;
        if (live) {
            out.print("\r\033[K" + String.format(Locale.ROOT, "[%d/%d measured, cell run %d/%d] %s  elapsed %s%s", done,
                    total, cell, cells, node, clock(elapsed()), eta()));
            out.flush();
        }
    }

    void finished(String node, String status, Double realSeconds, String detail) {
        done++;
        String line = String.format(Locale.ROOT, "[%" + String.valueOf(total).length() + "d/%d] %-40s %-7s %s%s", done,
                total, node, status, realSeconds == null ? "" : String.format(Locale.ROOT, "%.3f s", realSeconds),
                detail == null ? "" : "  " + detail);
        if (live && (status.equals("ok") || status.equals("kept"))) {
            starting(node, cell, cells);
            return;
        }
        clear();
        out.println(line.stripTrailing());
        out.flush();
    }

    /** Ends the live line, so what follows starts on a clean one. */
    void end() {
        clear();
        out.flush();
    }

    private void clear() {
        if (live) {
            out.print("\r\033[K");
        }
    }

    private double elapsed() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private String eta() {
        if (done == 0) {
            return "";
        }
        double perNode = elapsed() / done;
        return "  ETA " + clock(perNode * (total - done));
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
