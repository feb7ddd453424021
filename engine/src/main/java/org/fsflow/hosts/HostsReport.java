package org.fsflow.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code OUT/hosts.md}: the hosts of a campaign, how each one's part ended, and where their
 * conditions differ (confounders of any comparison between them; the report's columns
 * {@code HOST/FILESYSTEM} compare the hosts, each host's own report is in {@code hosts/NAME/}).
 */
final class HostsReport {

    /** The file name in the output directory. */
    static final String FILE = "hosts.md";

    private HostsReport() {}

    static void write(Path out, HostsFile file, Map<String, List<String>> differences) {
        StringBuilder md = new StringBuilder("# Hosts\n\n");
        md.append("Scenario: `")
                .append(Path.of(file.scenario()).getFileName())
                .append("`; merged results: ")
                .append("`results.jsonl` (axis `host`), report: `report.html`, `report.md`; each host's own ")
                .append("output directory: `hosts/NAME/`.\n\n");
        md.append("| host | status | exit | reason | --set |\n|---|---|---|---|---|\n");
        for (HostState h : file.hosts()) {
            md.append("| ")
                    .append(cell(h.name()))
                    .append(" | ")
                    .append(h.status().name().toLowerCase(java.util.Locale.ROOT))
                    .append(" | ")
                    .append(h.exitCode() == null ? "" : h.exitCode())
                    .append(" | ")
                    .append(cell(h.reason()))
                    .append(" | ")
                    .append(cell(String.join(" ", h.sets())))
                    .append(" |\n");
        }
        md.append("\n## Where the hosts differ\n\n");
        if (differences.isEmpty()) {
            md.append("Their environments (kernel, CPU, memory, distribution, tool versions, disks) are the same.\n");
        } else {
            List<String> names = file.hosts().stream()
                    .map(HostState::name)
                    .filter(n ->
                            java.nio.file.Files.exists(HostMerger.dirOf(out, n).resolve("environment.json")))
                    .toList();
            md.append("Each difference may explain a difference of results.\n\n| fact | ")
                    .append(String.join(
                            " | ", names.stream().map(HostsReport::cell).toList()))
                    .append(" |\n|---|")
                    .append("---|".repeat(names.size()))
                    .append('\n');
            differences.forEach((fact, values) -> md.append("| ")
                    .append(cell(fact))
                    .append(" | ")
                    .append(String.join(
                            " | ", values.stream().map(HostsReport::cell).toList()))
                    .append(" |\n"));
        }
        try {
            HostMerger.write(out.resolve(FILE), md.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out.resolve(FILE), e);
        }
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }
}
