package org.fsflow.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.hosts.HostsCampaign;
import org.fsflow.hosts.HostsFile;
import org.fsflow.hosts.Inventory;
import org.fsflow.hosts.InventoryReader;
import org.fsflow.hosts.Launch;
import org.fsflow.hosts.Via;
import org.fsflow.lang.DiagnosticPrinter;
import org.fsflow.lang.ScenarioException;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;

/**
 * {@code fsflow run FILE --hosts hosts.yaml} and the resume of such a run: the inventory read, the
 * scenario validated here (for every host's own --set values) before any host is reached, then
 * {@link HostsCampaign}.
 */
final class HostsRuns {

    /** How the cells are shared out over the hosts. */
    enum Mode {
        /** Every host runs the whole campaign: compare the hosts. */
        same,
        /** The cells are dealt out over identical hosts by one matrix axis: finish sooner. */
        split
    }

    private HostsRuns() {}

    /**
     * Where the campaign runs: the inventory of {@code --hosts} (over ssh), or the Slurm nodes of
     * {@code --nodes} in {@code --partition}.
     *
     * @param hosts     the inventory file, or null
     * @param slurm     true for {@code --via slurm}
     * @param partition the Slurm partition, or null
     * @param nodes     the Slurm nodes
     */
    record Where(Path hosts, boolean slurm, String partition, List<String> nodes) {

        Via via() {
            return slurm ? Via.slurm(partition) : Via.SSH;
        }

        Inventory inventory(PrintWriter err) {
            if (slurm && hosts == null && !nodes.isEmpty()) {
                return HostsCampaign.slurmNodes(nodes);
            }
            if (!slurm && hosts != null && nodes.isEmpty()) {
                return HostsRuns.inventory(hosts, err);
            }
            throw new UserError(
                    slurm
                            ? "--via slurm runs on the nodes of --nodes NODE,NODE... (not --hosts)"
                            : "--hosts FILE names the hosts of --via ssh (--nodes is for --via slurm)",
                    ExitCodes.USAGE);
        }
    }

    static int run(
            Path scenarioFile,
            Where where,
            Mode mode,
            ScenarioOptions options,
            Path out,
            PrintWriter w,
            PrintWriter err) {
        Inventory inventory = where.inventory(err);
        Overrides overrides = options.overrides();
        Scenario scenario = Scenarios.load(scenarioFile, overrides, err).scenario();
        for (Inventory.Host h : inventory.hosts()) {
            List<String> sets = new ArrayList<>(overrides.sets());
            sets.addAll(h.setArguments());
            Scenarios.load(scenarioFile, new Overrides(sets, overrides.scales()), err);
        }
        List<List<String>> shares = shares(scenario, mode, inventory.hosts().size());
        Path dir = out != null
                ? out
                : org.fsflow.Fsflow.plan(scenario, null, null).layout().out();
        if (Files.exists(dir.resolve(HostsFile.FILE)) || Files.exists(dir.resolve("results.jsonl"))) {
            throw new UserError(
                    dir + " already holds results: continue it with 'fsflow resume " + dir
                            + "' or choose another --out",
                    ExitCodes.USAGE);
        }
        List<String> remote = new ArrayList<>();
        if (!overrides.scales().equals(org.fsflow.scenario.Scales.FULL)) {
            remote.addAll(overrides.scales().arguments());
        }
        overrides.sets().forEach(s -> remote.addAll(List.of("--set", s)));
        Launch launch = new Launch(jar(), scenarioFile, remote);
        return exitCode(HostsCampaign.run(where.via(), inventory, launch, shares, dir, w, HostsRuns::report));
    }

    static int resume(Path dir, PrintWriter w, PrintWriter err) {
        try {
            return exitCode(HostsCampaign.resume(dir, jar(), w, HostsRuns::report));
        } catch (ScenarioException e) {
            DiagnosticPrinter.print(err, e.source(), e.diagnostics());
            throw new UserError(null, ExitCodes.FAILED);
        }
    }

    // the merged results' report: the pipeline's report stages, as 'fsflow report DIR' runs them
    private static void report(Path dir) {
        org.fsflow.Fsflow.report(dir, null);
    }

    private static Inventory inventory(Path file, PrintWriter err) {
        try {
            return InventoryReader.read(file);
        } catch (ScenarioException e) {
            DiagnosticPrinter.print(err, e.source(), e.diagnostics());
            throw new UserError(null, ExitCodes.FAILED);
        }
    }

    private static List<List<String>> shares(Scenario scenario, Mode mode, int hosts) {
        if (mode == Mode.same) {
            return java.util.Collections.nCopies(hosts, List.of());
        }
        try {
            return org.fsflow.hosts.HostsCampaign.split(scenario.matrix(), hosts).stream()
                    .map(List::of)
                    .toList();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
    }

    /** The engine jar this fsflow runs from (copied to every host). */
    private static Path jar() {
        String configured = System.getProperty("fsflow.jar");
        if (configured != null) {
            return Path.of(configured);
        }
        try {
            Path here = Path.of(HostsRuns.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            if (Files.isRegularFile(here)) {
                return here;
            }
        } catch (java.net.URISyntaxException e) {
            // fall through to the error below
        }
        throw new UserError(
                "--hosts copies the engine jar to every host: run fsflow from its jar (./fsflow does)",
                ExitCodes.USAGE);
    }

    private static int exitCode(HostsCampaign.Outcome o) {
        return o.interrupted() ? ExitCodes.INTERRUPTED : o.failed() ? ExitCodes.FAILED : ExitCodes.OK;
    }
}
