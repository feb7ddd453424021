package org.fsflow.dataset;

import java.io.IOException;

/**
 * What runs after every operation, to bring the filesystem to a state that does not depend on timers;
 * closed once the aging ends (it may hold a process).
 */
@FunctionalInterface
public interface Settle extends AutoCloseable {
    /** Settles the filesystem; throws when it cannot. */
    void settle() throws IOException;

    /** Releases what the settling holds; nothing by default. */
    @Override
    default void close() throws IOException {}
}
