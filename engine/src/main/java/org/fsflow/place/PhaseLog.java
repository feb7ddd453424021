package org.fsflow.place;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.fsflow.result.Journal;
import org.fsflow.result.Phase;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;

/**
 * Where the places record their unmeasured work: each phase timed where the engine does it and
 * appended to the run's {@code timeline.jsonl} through the {@link Journal} writer (one line per
 * phase, written as it ends, forced to disk when the log is closed). The live progress line hears of each phase as it starts and
 * ends. {@link #NONE} records nothing (plans, tests that need no timeline).
 */
public final class PhaseLog implements AutoCloseable {

    /** A log that records nothing. */
    public static final PhaseLog NONE = new PhaseLog(null);

    private final Journal journal;
    private volatile Consumer<Phase> listener = p -> {};

    private PhaseLog(Journal journal) {
        this.journal = journal;
    }

    /** The log of the run directory {@code out}: its {@code timeline.jsonl}, created or appended to. */
    public static PhaseLog open(Path out) {
        return new PhaseLog(Journal.openWritten(out.resolve(Timeline.FILE)));
    }

    /** Tells {@code l} each phase as it starts, and null as it ends. */
    public void listen(Consumer<Phase> l) {
        this.listener = l;
    }

    /** Runs {@code work} as {@code phase} at {@code place} for {@code node} (null: none) and records it. */
    public void timed(Phase phase, String place, String node, Runnable work) {
        timed(phase, place, node, () -> {
            work.run();
            return null;
        });
    }

    /** Runs {@code work} as {@code phase} at {@code place} for {@code node}, records it, returns what it returned. */
    public <T> T timed(Phase phase, String place, String node, Supplier<T> work) {
        Instant start = Instant.now();
        listener.accept(phase);
        try {
            return work.get();
        } finally {
            listener.accept(null);
            record(phase, place, node, start, Instant.now());
        }
    }

    /** Records that {@code phase} ran at {@code place} for {@code node} from {@code start} to {@code end}. */
    public void record(Phase phase, String place, String node, Instant start, Instant end) {
        if (journal != null && start != null && end != null && !end.isBefore(start)) {
            journal.appendRow(new TimelineRow(phase.key(), place, node, start.toString(), end.toString()));
        }
    }

    @Override
    public void close() {
        if (journal != null) {
            journal.close();
        }
    }
}
