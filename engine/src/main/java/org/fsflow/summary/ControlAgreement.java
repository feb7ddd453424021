package org.fsflow.summary;

import java.util.List;
import java.util.Map;
import org.fsflow.result.Fieller;

/**
 * Whether one place other than the host (a VM under a kernel and an accelerator) ranks
 * filesystems as the host does, seen on its control cells: filesystems of the same type run both
 * on the host and in that place (ext3 and {@code ext3-vm}). For every step and every other
 * coordinate (a dataset), the host's ratio between two control types beside the place's ratio
 * between the same two, each with its Fieller 95 % interval on the mean real time. Where the
 * place ranks them the other way round while the host's interval excludes 1, the place's ranking
 * of that step is untrusted, and findings between its cells at that step are inconclusive.
 *
 * @param place     the place ({@code VM 6.1.0-57-amd64 (tcg)})
 * @param rows      one per step, other coordinates and pair of control types, in step order
 * @param agreeing  rows whose two ratios point the same way
 * @param untrusted rows whose place ratio points against a significant host ratio
 */
public record ControlAgreement(String place, List<Row> rows, int agreeing, int untrusted) {

    /** How the place's ranking of two control types stands against the host's. */
    public enum Agreement {
        /** both ratios on the same side of 1 */
        AGREES,
        /** opposite sides, and the host's interval excludes 1: the place's ranking is untrusted */
        DISAGREES,
        /** opposite sides, but the host sees no significant difference: nothing to trust or distrust */
        UNDECIDED,
        /**
         * the host's cells and the place's ran at different {@code --scale}s (a full-size host beside
         * shrunk guests): their rankings are not compared, since data sizes change them
         */
        DIFFERENT_SCALES
    }

    /**
     * One step, other coordinates and pair of control types.
     *
     * @param step      the step
     * @param where     the other coordinates ({@code dataset=test3}), empty when there are none
     * @param first     the numerator's type ({@code xfs})
     * @param second    the denominator's type ({@code ext3})
     * @param hostCells the host's two filesystems, as {@code xfs/ext3}
     * @param cells     the place's two filesystems, as {@code xfs-vm/ext3-vm}
     * @param host      the host's ratio of mean real times, first over second
     * @param guest     the place's
     * @param agreement how they stand
     */
    public record Row(
            String step,
            Map<String, String> where,
            String first,
            String second,
            String hostCells,
            String cells,
            Fieller.Interval host,
            Fieller.Interval guest,
            Agreement agreement) {}

    /** The number of rows: the steps (with their other coordinates) and pairs compared. */
    public int total() {
        return rows.size();
    }

    /** The untrusted row of {@code step} at coordinates that include {@code where}, or null. */
    public Row untrustedAt(String step, Map<String, String> coordinates) {
        return rows.stream()
                .filter(r -> r.agreement() == Agreement.DISAGREES && r.step().equals(step))
                .filter(r -> coordinates.entrySet().containsAll(r.where().entrySet()))
                .findFirst()
                .orElse(null);
    }

    /** The rows whose rankings were compared: those of cells at one scale. */
    public long compared() {
        return rows.stream()
                .filter(r -> r.agreement() != Agreement.DIFFERENT_SCALES)
                .count();
    }

    /** One line: "the guest VM ... ranks its control cells like the host in k of n steps". */
    public String headline() {
        long apart = total() - compared();
        if (compared() == 0) {
            return place + ": its control cells ran at another --scale than the host's, so whether it ranks "
                    + "filesystems as the host does is not known from this run";
        }
        return place + " ranks its control cells like the host in " + agreeing + " of " + compared()
                + " step comparisons" + (untrusted == 0 ? "" : "; " + untrusted + " untrusted")
                + (apart == 0 ? "" : "; " + apart + " not compared (different scales)");
    }
}
