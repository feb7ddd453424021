package org.fsflow.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.host.StepEnd;
import org.fsflow.place.CellPlace;
import org.fsflow.place.StepOutcome;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Scenario;

/**
 * The run's ledger, fed by the place: each step's outcome made its measurement ({@link StepResults})
 * and appended to the journal as it arrives,
 * counted and shown; {@code on_error} applied to failures; the interrupt and abort flags. It
 * holds what is done, so a resumed run keeps those nodes and runs nothing twice. A step killed
 * from outside fsflow is recorded only once the run has outlived the kill ({@link StepEnd}).
 */
final class Recorder implements CellPlace.UnitSink {

    private final Scenario scenario;
    private final Progress progress;
    private final Path out;
    private final StepResults results;
    private final Duration grace;
    private final Retakes retakes;
    private final Map<String, Measurement> done = new HashMap<>();
    private volatile boolean interrupted;
    private boolean aborted;
    private int ok;
    private int failed;
    private int skipped;
    private int unitNumber;
    private int unitsTotal;
    private Journal journal;

    Recorder(Plan plan, Progress progress) {
        this(plan, progress, StepEnd.GRACE);
    }

    /** A recorder that holds a step killed from outside for {@code grace} before recording it. */
    Recorder(Plan plan, Progress progress, Duration grace) {
        this.scenario = plan.scenario();
        this.progress = progress;
        this.out = plan.layout().out();
        this.results = new StepResults(plan);
        this.grace = grace;
        this.retakes = new Retakes(scenario);
    }

    /** Takes the measurements of an earlier run as done (resume). */
    void keep(List<Measurement> earlier) {
        earlier.forEach(m -> {
            done.put(m.node(), m);
            retakes.kept(m);
        });
    }

    /** Appends every further measurement to {@code j}. */
    void writeTo(Journal j) {
        this.journal = j;
    }

    /** Every measurement done so far, this run's and the kept ones. */
    Collection<Measurement> done() {
        return done.values();
    }

    /** The stored measurement of each of {@code nodes} already done, by node id. */
    Map<String, Measurement> doneAmong(List<PlanNode> nodes) {
        Map<String, Measurement> kept = new HashMap<>();
        nodes.stream().filter(n -> done.containsKey(n.id())).forEach(n -> kept.put(n.id(), done.get(n.id())));
        return kept;
    }

    /** The run has {@code total} units (for progress; an adaptive {@code repeat:} adds more). */
    void units(int total) {
        this.unitsTotal = total;
    }

    @Override
    public void begins(CellPlace.Unit unit) {
        this.unitNumber = unit.number();
    }

    /** Stops the run after the running step (Ctrl-C, SIGTERM). */
    void interrupt() {
        interrupted = true;
    }

    boolean interrupted() {
        return interrupted;
    }

    @Override
    public boolean stopping() {
        return interrupted || aborted;
    }

    @Override
    public void starting(PlanNode node) {
        progress.starting(node, unitNumber, unitsTotal);
    }

    @Override
    public void kept(PlanNode node, String detail) {
        progress.kept(node, done.get(node.id()), detail);
    }

    @Override
    public CellPlace.Next measured(PlanNode n, StepOutcome outcome) {
        Measurement m = retakes.judged(n, results.measurement(n, outcome));
        if (StepEnd.killedFromOutside(m.signal(), m.oomKills())) {
            // killed together with fsflow (a process group, a cgroup, a service stopped): then not
            // recorded, and resume runs it again; a real failure only when the run outlives it
            StepEnd.stoppedWithin(this::interrupted, grace);
        }
        if (interrupted && m.status() != Status.SKIPPED) {
            progress.info("interrupted during " + n.id() + ": not recorded; 'fsflow resume " + out + "' runs it again");
            return new CellPlace.Next.Stop();
        }
        journal.append(m);
        done.put(m.node(), m);
        count(m);
        progress.finished(n, m);
        if (m.takenAgain()) {
            progress.info(n.id() + " was disturbed (other processes used more than half a CPU beside it)"
                    + ": retaken, out of the statistics; its cell runs another repetition if it is short of"
                    + " repeat: min");
        }
        if (!m.status().failure()) {
            return new CellPlace.Next.Continue();
        }
        Scenario.OnError policy = n.step().onError();
        if (policy == Scenario.OnError.ABORT) {
            aborted = true;
            progress.info("aborting the campaign: step " + n.id() + " failed and on_error is abort");
            return new CellPlace.Next.Stop();
        }
        if (policy == Scenario.OnError.SKIP_CELL) {
            return new CellPlace.Next.SkipRest("skipped because " + n.id() + " failed");
        }
        return new CellPlace.Next.Continue();
    }

    /** Journals a crash cell's rows together, all or none, and counts them. */
    void measuredAll(List<Measurement> rows) {
        journal.appendAll(rows);
        for (Measurement m : rows) {
            done.put(m.node(), m);
            count(m);
        }
    }

    private void count(Measurement m) {
        switch (m.status()) {
            case OK -> ok++;
            case SKIPPED -> skipped++;
            default -> failed++;
        }
    }

    /** What the run did. */
    Runner.Summary summary() {
        return new Runner.Summary(ok, failed, skipped, interrupted, aborted);
    }
}
