package org.fsflow.scenario;

import java.time.Duration;

/**
 * {@code precondition:} of a {@code block:} device: before the first cell, the device is filled twice
 * with sequential writes, then written in rounds of 4 KiB random writes at queue depth 32 until their
 * IOPS are steady by SNIA's rule (the Solid State Storage Performance Test Specification's): over the
 * last five rounds, the range is at most 20 % of their mean and the least-squares line across them
 * moves at most 10 % of it. What an SSD reads and writes fresh from the factory, or after a trim, is
 * not what it does in use; this measures it in use.
 *
 * @param rounds at most this many rounds ({@code rounds:}, default 25, SNIA's)
 * @param round  each round's time ({@code round:}, default 60 s, SNIA's one minute)
 */
public record Precondition(int rounds, Duration round) {

    /** The rounds of the SNIA test: 25. */
    public static final int ROUNDS = 25;
    /** Its round: one minute. */
    public static final Duration ROUND = Duration.ofMinutes(1);
    /** The rounds the steady-state rule looks at. */
    public static final int WINDOW = 5;

    /** SNIA's rounds and round. */
    public static Precondition snia() {
        return new Precondition(ROUNDS, ROUND);
    }
}
