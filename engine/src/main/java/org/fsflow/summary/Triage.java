package org.fsflow.summary;

import org.fsflow.scenario.Finding;
import org.fsflow.scenario.SourceSection;

/**
 * The class of a finding and why, by these rules in this order (the first that applies):
 * <ol>
 *   <li>not run: the run has no cell of one side (its matrix, as run, left it out);</li>
 *   <li>below-resolution: a CPU percentage (CPU time over the elapsed time of an I/O-bound step
 *       follows the device's and CPU's speed, not the filesystem); the user time of a tool compared
 *       across filesystems (spent in cp, du or rm, not in the filesystem); two figures that differ by
 *       no more than the source's resolution ({@link Resolution}); a direction the source gives only
 *       because one of its GNU time figures printed 0.00 (under its 10 ms);</li>
 *   <li>era-bound: a change of {@link EraChanges#TABLE} touches the finding and came after the source;</li>
 *   <li>emulated: the sides ran only in a guest whose CPU is emulated (TCG) or user-mode Linux, and
 *       they vary (a measure with no variance, such as the capacity after mkfs, does not follow the CPU);</li>
 *   <li>testable otherwise.</li>
 * </ol>
 *
 * @param kind the class
 * @param why  one sentence: the rule that applied, with its figures or citation
 */
public record Triage(FindingClass kind, String why) {

    /** The class of {@code f} of {@code source}, whose sides ran at {@code num} and {@code den}. */
    public static Triage of(Finding f, SourceSection source, Verdict.Side num, Verdict.Side den) {
        for (Verdict.Side side : new Verdict.Side[] {num, den}) {
            if (side.cell() == null) {
                return new Triage(
                        FindingClass.NOT_RUN,
                        "the run has no cell of " + side.name() + ": it says nothing of this finding");
            }
        }
        String below = belowResolution(f, source);
        if (below != null) {
            return new Triage(FindingClass.BELOW_RESOLUTION, below);
        }
        EraChanges.Change change = EraChanges.of(f, source);
        if (change != null) {
            return new Triage(FindingClass.ERA_BOUND, change.citation());
        }
        boolean timed = !Deterministic.of(num.stats(), den.stats()); // capacity does not follow the CPU
        if (timed && (emulated(num.place()) || emulated(den.place()))) {
            String place = emulated(num.place()) ? num.place() : den.place();
            return new Triage(
                    FindingClass.EMULATED,
                    "only " + place + " measured it: an emulated machine's timing is not the source's; its "
                            + "ranking counts where its control cells rank as the host does");
        }
        return new Triage(FindingClass.TESTABLE, "a modern machine can be expected to reproduce it");
    }

    static String belowResolution(Finding f, SourceSection source) {
        String metric = f.metric();
        if (Resolution.cpuPercent(metric)) {
            return "a CPU percentage is CPU time over the elapsed time of an I/O-bound step: it follows the "
                    + "speed of the device and CPU, not the filesystem";
        }
        if ("user_s".equals(metric) && f.across().equals("filesystem")) {
            return "user time is spent in the tool (its own code, not the filesystem's), counted in GNU time's "
                    + "10 ms ticks: the filesystem cannot change it";
        }
        double resolution = Resolution.ofFigures(f);
        if (resolution > 0) {
            double difference = Math.abs(f.figures().numerator() - f.figures().denominator());
            if (difference <= resolution + 1e-9) {
                return "the source's figures differ by " + Numbers.sig(difference) + ", within what it resolved ("
                        + Numbers.sig(resolution) + ")";
            }
        }
        if (f.kind().equals("claim") && Resolution.time(metric) && gnuTime(source)) {
            return "the source gives only a direction: one of its times printed 0.00, under GNU time's 10 ms";
        }
        return null;
    }

    // the source timed its steps with GNU time (its conditions name the tool)
    private static boolean gnuTime(SourceSection source) {
        return source.conditions() != null
                && source.conditions().tools().entrySet().stream()
                        .anyMatch(e -> e.getKey().equals("time") || e.getValue().contains("GNU time"));
    }

    /** True for a place whose CPU is emulated: a QEMU guest under TCG, or user-mode Linux. */
    static boolean emulated(String place) {
        return place != null && (place.endsWith("(tcg)") || place.endsWith("(uml)"));
    }
}
