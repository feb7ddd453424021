package org.fsflow.report;

import java.util.List;

/**
 * The aging of a run with aged cells, shown before the datasets' tables: the state each aging left
 * (its own duration apart from the measured steps, fullness, file and free-space fragmentation,
 * the aged-state fingerprint) and the aging penalty, aged against fresh per step and filesystem.
 * Every value is formatted text ({@code <#list aging.penalties as r>${r.penalty}}).
 *
 * @param present   false when the run has no aged cell (the section is then not shown)
 * @param states    one per aged cell
 * @param penalties one per step of each aged cell that has a fresh twin
 * @param method    how the penalty is computed and what the fingerprint is, one paragraph
 */
public record AgingSection(boolean present, List<State> states, List<Row> penalties, String method) {

    /** No aged cell. */
    public static final AgingSection NONE = new AgingSection(false, List.of(), List.of(), "");

    /**
     * What one aging did and left.
     *
     * @param cell          the aged cell
     * @param seconds       the aging's own duration ("84.2 s"): never part of a step's time
     * @param operations    "12034 (create 5200, delete 3900, ...)"
     * @param written       the bytes the ager wrote, and as a multiple of the filesystem's size
     * @param fullness      the used share of the filesystem after aging
     * @param files         the files left and their bytes
     * @param extents       mean extents per non-empty file, and the most of one file
     * @param fragmented    the share of files with more than one extent
     * @param freeExtents   the number of free extents and their mean size, or why not measured
     * @param freeSmall     the share of free space in extents under 1 MiB, or "–"
     * @param fingerprint   the aged-state fingerprint's first 16 hex digits, and the seed
     */
    public record State(
            String cell,
            String seconds,
            String operations,
            String written,
            String fullness,
            String files,
            String extents,
            String fragmented,
            String freeExtents,
            String freeSmall,
            String fingerprint) {}

    /**
     * One step of one filesystem, aged against fresh.
     *
     * @param step       the step
     * @param where      the other coordinates ("dataset tree"), "" when none
     * @param filesystem the filesystem
     * @param fresh      the fresh mean real time ± its 95 % half-width, and n
     * @param aged       the aged one
     * @param penalty    "×1.32 [1.20, 1.45]": aged over fresh, Fieller 95 % interval
     * @param verdict    "slower aged", "faster aged" or "no significant difference"
     * @param kind       the same as a CSS class
     */
    public record Row(
            String step,
            String where,
            String filesystem,
            String fresh,
            String aged,
            String penalty,
            String verdict,
            String kind) {}
}
