package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fsflow.plan.Cell;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;

/**
 * First repetitions that ran right after another cell's steps and took far longer than every later
 * repetition of the same step: what the cell before left behind (blocks still to release, caches,
 * a disk still busy with its writes) may be in their time, and it depends on the cell order. Seen
 * in cds-2009 at full size: mkfs.xfs took 0.81 s as the first repetition after a full-size ext3
 * cell, 0.02-0.03 s in the next two.
 */
public final class CarryOverRule implements WarningRule {

    /** How many times every later repetition's time the first must take to be flagged. */
    static final double FACTOR = 3;
    /** And by how much more, in seconds: a step of milliseconds varies by more than 3x. */
    static final double MARGIN_S = 0.1;
    /** The repetitions a series needs: the first and at least two to compare it with. */
    static final int MIN_REPETITIONS = 3;

    @Override
    public List<String> check(Evidence evidence) {
        ResultSet results = evidence.results();
        List<String> flagged = new ArrayList<>();
        for (Series s : results.series()) {
            String note = carriedOver(results, s);
            if (note != null) {
                flagged.add(note);
            }
        }
        return flagged.isEmpty()
                ? List.of()
                : List.of("First repetitions more than " + (int) FACTOR + "x slower than every later one (and by "
                        + "at least " + MARGIN_S + " s), each run right after another cell's steps, whose "
                        + "leftovers (blocks to release, caches, the disk's pending writes) may be in its time: "
                        + WarningRule.firstSix(flagged)
                        + ". They are kept in the means; the later repetitions show the step without them.");
    }

    // "cell/step 0.81 s against at most 0.03 s, after cell X", or null when the series' first repetition is not such
    private static String carriedOver(ResultSet results, Series s) {
        Cell before = results.cellBefore(s.key());
        double[] real = s.realTimes();
        long[] ids = s.realIds();
        if (before == null
                || real.length < MIN_REPETITIONS
                || !s.first().counted()
                || s.first().realS() == null) {
            return null;
        }
        int first = 0; // the series' first row, counted: the smallest id
        for (int i = 1; i < ids.length; i++) {
            first = ids[i] < ids[first] ? i : first;
        }
        double laterMax = 0;
        for (int i = 0; i < real.length; i++) {
            laterMax = i == first ? laterMax : Math.max(laterMax, real[i]);
        }
        if (real[first] <= FACTOR * laterMax || real[first] - laterMax < MARGIN_S) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "%s/%s %.2f s against at most %.2f s, after %s",
                s.key().cell().id(),
                s.key().step(),
                real[first],
                laterMax,
                before.id());
    }
}
