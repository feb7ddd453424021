package org.fsflow.scenario;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;

/**
 * A scenario's {@code source:} section: where the campaign comes from, the facts of the original
 * run, and its findings, each of which a report checks against the run's own results. A plain
 * string {@code source: ...} is the title alone.
 *
 * <pre>
 * source:
 *   title: TestsFS r4, 2009-06-22, CDS Strasbourg ...
 *   document: sources/000_034a0f8b3cbafbe4.txt     # relative to the scenario file
 *   conditions: { ram: 1GiB, kernel: "2.6.x", runs: 8, tools: { bonnie++: "1.03" } }
 *   tolerance: 2                                   # default band factor of every finding
 *   findings: [...]                                # see {@link Finding}
 * </pre>
 *
 * @param title      {@code title:} (or the whole plain-string value), null when absent
 * @param document   {@code document:} the project's copy of the source, relative to the scenario file
 * @param conditions {@code conditions:} the facts of the original run
 * @param tolerance  {@code tolerance:} the default band factor, &gt; 1 ({@link #DEFAULT_TOLERANCE} when absent)
 * @param findings   {@code findings:} in file order
 * @param where      where the section starts
 */
public record SourceSection(
        String title,
        String document,
        SourceConditions conditions,
        double tolerance,
        List<Finding> findings,
        Location where) {

    /** The band factor when neither the section nor a finding gives one. */
    public static final double DEFAULT_TOLERANCE = 2.0;

    /** Copies the list. */
    public SourceSection {
        findings = List.copyOf(findings);
    }

    /** A section that is only a title (the former plain-string {@code source:}). */
    public static SourceSection titleOnly(String title, Location where) {
        return new SourceSection(title, null, SourceConditions.NONE, DEFAULT_TOLERANCE, List.of(), where);
    }

    /**
     * The facts of the original run, all optional (null or empty when not given).
     *
     * @param ram      {@code ram:} as written (a byte size, or {@code unknown})
     * @param ramBytes the same in bytes, null when unknown or absent
     * @param cpu      {@code cpu:} free text
     * @param disks    {@code disks:} free text
     * @param kernel   {@code kernel:} free text
     * @param runs     {@code runs:} repetitions per cell in the source
     * @param data     {@code data:} per dataset (or tool), free text
     * @param tools    {@code tools:} tool to its version and options, free text
     */
    public record SourceConditions(
            String ram,
            Long ramBytes,
            String cpu,
            String disks,
            String kernel,
            Integer runs,
            Map<String, String> data,
            Map<String, String> tools) {

        /** No facts. */
        public static final SourceConditions NONE =
                new SourceConditions(null, null, null, null, null, null, Map.of(), Map.of());

        /** Copies the maps, in the order the source gives them (Map.copyOf's order changes from run to run). */
        public SourceConditions {
            data = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
            tools = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tools));
        }
    }
}
