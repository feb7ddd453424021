package org.fsflow.crash;

import java.time.Instant;
import org.fsflow.place.PhaseLog;
import org.fsflow.result.Phase;
import org.fsflow.result.Places;
import org.fsflow.vm.Accel;
import org.fsflow.vm.BootKernel;

/**
 * The unmeasured phases of one crash cell, recorded in the run's timeline at the place of its
 * guests (the place its crash points' rows name): the images built (the recording's disks, the log
 * read and replayed to each point, each point's copy), each guest's boot from its launch to its
 * {@code @@FSFLOW ready} line, and the recording's workload from there to the guest's end. A
 * recovery guest's time after its boot holds the measured mounts and checks: it is not a phase.
 */
public final class CrashPhases {

    /** Phases recorded nowhere (tests, callers without a run). */
    public static final CrashPhases NONE = new CrashPhases(PhaseLog.NONE, null);

    private static final String READY = "@@FSFLOW ready";

    private final PhaseLog log;
    private final String node;

    /** The phases of the cell {@code node} (its id), recorded in {@code log}. */
    public CrashPhases(PhaseLog log, String node) {
        this.log = log;
        this.node = node;
    }

    /** Images of a guest under {@code kernel} with {@code accel} were built from {@code start} to now. */
    void images(BootKernel kernel, Accel accel, Instant start) {
        log.record(Phase.IMAGES, place(kernel, accel), node, start, Instant.now());
    }

    /**
     * A guest under {@code kernel} with {@code accel} is launched now; {@code after} (or null) is
     * what its time from its first line to its end was spent on.
     */
    Guest launched(BootKernel kernel, Accel accel, Phase after) {
        return new Guest(place(kernel, accel), after);
    }

    private static String place(BootKernel kernel, Accel accel) {
        return Places.label(null, kernel.release(), accel.label());
    }

    /** One guest's boot and what follows it, from its console. */
    final class Guest {
        private final String place;
        private final Phase after;
        private final Instant launched = Instant.now();
        private Instant ready;
        private boolean ended;

        private Guest(String place, Phase after) {
            this.place = place;
            this.after = after;
        }

        /** A console line: the first {@code ready} line ends the boot. */
        void line(String line) {
            if (ready == null && line.contains(READY)) {
                ready = Instant.now();
                log.record(Phase.BOOTS, place, node, launched, ready);
            }
        }

        /** What followed the boot has ended (the guest, or its recording): recorded once. */
        void ended() {
            if (ready != null && after != null && !ended) {
                ended = true;
                log.record(after, place, node, ready, Instant.now());
            }
        }
    }
}
