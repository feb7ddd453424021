package org.fsflow.scenario;

import java.util.List;

/**
 * Where a loaded scenario came from and what the command line changed in it, carried with the
 * scenario through the plan to the runner, which records it ({@code scenario.yaml}'s header,
 * {@code run.json}) so that {@code resume} and the report read the same facts.
 *
 * @param file          the scenario file as the user named it
 * @param sha256        the SHA-256 of its bytes, in hex: the scenario digest
 * @param sets          the {@code --set KEY=VALUE} assignments, in order
 * @param scales        the {@code --scale} factor of each place (1: datasets as written)
 * @param effectiveText the scenario as run: the file itself without {@code --set}, else the YAML
 *                      tree after the assignments (comments are lost)
 */
public record Provenance(String file, String sha256, List<String> sets, Scales scales, String effectiveText) {

    /** Copies {@code sets}. */
    public Provenance {
        sets = List.copyOf(sets);
    }

    /** The command-line changes, to load the same scenario again (what {@code resume} does). */
    public Overrides overrides() {
        return new Overrides(sets, scales);
    }

    /** The default {@code --scale} (of every place without its own). */
    public double scale() {
        return scales.fallback();
    }
}
