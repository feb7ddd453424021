package org.fsflow.vm;

import java.math.BigDecimal;

/**
 * The guest agent's {@code phase N KIND U0 U1} lines: an unmeasured phase of step N ({@code -}:
 * between two cell repetitions) timed by the guest's /proc/uptime (10 ms) from U0 to U1, KIND a key
 * of {@link org.fsflow.result.Phase} (caches, release, verify, around), told to a listener.
 */
public final class GuestPhaseLines {

    /** Hears of each unmeasured phase the guest timed around a step. */
    public interface Listener {
        /**
         * Step {@code step} (-1: between two cell repetitions) spent {@code seconds} of the guest's
         * uptime on {@code kind}, just now.
         */
        void phase(int step, String kind, double seconds);
    }

    private Listener listener = (step, kind, seconds) -> {};

    void listen(Listener l) {
        this.listener = l;
    }

    /** The line's step field {@code n} and the rest after it; false when it cannot be read. */
    boolean line(String n, String rest) {
        String[] f = rest.strip().split("\\s+");
        if (f.length != 3
                || !f[1].matches("[0-9]+\\.[0-9]+")
                || !f[2].matches("[0-9]+\\.[0-9]+")
                || !(n.equals("-") || n.matches("[0-9]+"))) {
            return false;
        }
        double seconds = new BigDecimal(f[2]).subtract(new BigDecimal(f[1])).doubleValue();
        listener.phase(n.equals("-") ? -1 : Integer.parseInt(n), f[0], Math.max(0, seconds));
        return true;
    }
}
