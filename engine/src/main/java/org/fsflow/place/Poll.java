package org.fsflow.place;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting for a condition with a deadline: asked every {@code every} until it holds or {@code limit} has passed. */
public final class Poll {

    private Poll() {}

    /**
     * True as soon as {@code condition} holds; false when it still does not after {@code limit}
     * (it is asked once more at the deadline) or when the thread is interrupted.
     */
    public static boolean until(BooleanSupplier condition, Duration limit, Duration every) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            if (condition.getAsBoolean()) {
                return true;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            try {
                Thread.sleep(Math.max(1, Math.min(every.toMillis(), left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
