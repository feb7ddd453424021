package org.fsflow.vm;

import java.time.Instant;
import java.util.List;
import org.fsflow.place.PhaseLog;
import org.fsflow.place.Where;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Phase;
import org.fsflow.result.Places;

/**
 * The unmeasured phases of one guest, timed on the host: its images built (loop images attached,
 * the source image of the datasets made), then its boot, from its launch to the start of the first
 * step it reports. Made when the guest's images start; each phase is recorded once.
 */
final class GuestPhases {

    private final PhaseLog log;
    private final String place;
    private final String node;
    private Instant start = Instant.now();
    private boolean booted;

    /** The phases of a guest at {@code where} running {@code units} (the first node names them). */
    GuestPhases(PhaseLog log, Where where, List<List<PlanNode>> units) {
        this.log = log;
        this.place = Places.label(where.host(), where.kernel(), where.virt());
        this.node = units.isEmpty() || units.get(0).isEmpty()
                ? null
                : units.get(0).get(0).id();
    }

    /** The guest's images are built: records them; its boot starts now. */
    void imagesBuilt() {
        Instant now = Instant.now();
        log.record(Phase.IMAGES, place, node, start, now);
        start = now;
    }

    /**
     * The guest spent {@code seconds} on the unmeasured phase {@code kind} (a {@link Phase} key; any
     * other is left out) for node {@code id} (null: between two cell repetitions), ending now.
     */
    void phase(String id, String kind, double seconds) {
        Phase p = Phase.of(kind);
        if (p != null) {
            Instant end = Instant.now();
            log.record(p, place, id, end.minusNanos(Math.round(seconds * 1e9)), end);
        }
    }

    /** The guest reported {@code g}: its first report ends the boot at the start of its step. */
    void reported(GuestResult g) {
        Instant first = g.outcome().startedAt();
        if (!booted && first != null && first.isAfter(start) && !first.isAfter(Instant.now())) {
            log.record(Phase.BOOTS, place, node, start, first);
        }
        booted = true;
    }
}
