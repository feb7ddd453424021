package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What made a run, in {@code run.json} (and {@code environment.json}) as {@code provenance}: the
 * fsflow build, the exact command line and the scenario file with its digest. Reports print it in
 * their header; {@code fsflow report} checks the digest against the file as it is now.
 *
 * @param fsflowVersion  fsflow's version
 * @param commit         the 40-hex git commit fsflow's jar was built from; null when unknown
 * @param dirty          whether the jar's sources differed from that commit; null when unknown
 * @param command        the command line, word for word ({@code ["fsflow", "run", "x.yaml", ...]})
 * @param scenarioFile   the scenario file as the command named it (relative to where it ran)
 * @param scenarioSha256 the SHA-256 of that file's bytes when the run started
 */
@JsonPropertyOrder({"fsflow_version", "commit", "dirty", "command", "scenario_file", "scenario_sha256"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record RunProvenance(
        String fsflowVersion,
        String commit,
        Boolean dirty,
        List<String> command,
        String scenarioFile,
        String scenarioSha256) {

    /** The command as given; absent is empty. */
    public RunProvenance {
        command = command == null ? List.of() : List.copyOf(command);
    }

    /** The command line as one shell line (each word quoted where the shell needs it). */
    public String commandLine() {
        return String.join(
                " ", command.stream().map(org.fsflow.plan.Shell::quote).toList());
    }
}
