package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.report.ReportModel.Fact;
import org.fsflow.result.Baseline;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.SourceSection.SourceConditions;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.RunFacts;

/**
 * The report's table of what ran, generated from the run's records ({@link RunFacts}), beside the
 * source's conditions ({@code source: conditions:} of the scenario) where it has them: data
 * sizes, memory, repetitions, places and the options that reached each tool.
 */
final class RanTable {

    private RanTable() {}

    static List<Fact> of(RunFacts f, RunEnvironment env, SourceConditions source) {
        SourceConditions src = source == null ? SourceConditions.NONE : source;
        List<Fact> out = new ArrayList<>();
        out.add(new Fact(
                "Scale",
                !f.scales().uniform()
                        ? f.scales().options() + " (each place's cells at their own scale; see the column groups)"
                        : f.scale() < 1 ? "--scale " + Scales.plain(f.scale()) : "1 (not shrunk)",
                ""));
        f.data()
                .forEach((name, d) -> out.add(new Fact(
                        "Data " + name, dataAt(f, name, d), nz(src.data().get(name)))));
        src.data().forEach((name, text) -> {
            if (!f.data().containsKey(name)) {
                out.add(new Fact("Data " + name, "", text));
            }
        });
        out.add(new Fact("RAM", memory(f, env), nz(src.ram())));
        out.add(new Fact("Repetitions", repetitions(f), src.runs() == null ? "" : src.runs() + " per cell"));
        // rows written before they recorded their kernel are the host's, whose kernel the environment has
        List<String> places = f.places().stream()
                .map(p -> p.equals("host") && env.kernel() != null ? "host kernel " + env.kernel() : p)
                .toList();
        out.add(new Fact("Places", String.join("; ", places), nz(src.kernel())));
        out.add(new Fact(
                "CPU",
                nz(env.cpuModel()) + (env.cpuCores() != null ? ", " + env.cpuCores() + " cores" : ""),
                nz(src.cpu())));
        out.add(new Fact("Disks", disks(env), nz(src.disks())));
        String measured = BaselineText.of(env);
        if (!measured.isEmpty()) {
            out.add(new Fact("Disk measured (fio)", measured, ""));
        }
        f.tools()
                .forEach((tool, options) -> out.add(new Fact(
                        "Options of " + tool,
                        String.join(
                                " | ",
                                options.stream()
                                        .map(o -> o.isEmpty() ? "(none)" : o)
                                        .toList()),
                        nz(src.tools().get(tool)))));
        src.tools().forEach((tool, text) -> {
            if (!f.tools().containsKey(tool)) {
                out.add(new Fact("Options of " + tool, "", text));
            }
        });
        return out;
    }

    // the dataset at the host's scale, then at each other scale a place ran at
    private static String dataAt(RunFacts f, String name, RunCampaign.DatasetInfo d) {
        StringBuilder b = new StringBuilder(data(d));
        f.dataAt().forEach((scale, at) -> {
            if (at.get(name) != null) {
                b.append("; at --scale ").append(scale).append(": ").append(data(at.get(name)));
            }
        });
        return b.toString();
    }

    private static String data(RunCampaign.DatasetInfo d) {
        if (d == null) {
            return "";
        }
        if (d.existing() != null) {
            return "existing tree " + d.existing();
        }
        return d.files() + (d.files() == 1 ? " file" : " files")
                + (d.leafDirs() == null
                        ? ""
                        : " in " + d.leafDirs() + (d.leafDirs() == 1 ? " directory" : " directories"))
                + ", " + Numbers.bytes((double) d.bytes());
    }

    private static String memory(RunFacts f, RunEnvironment env) {
        String host = env.memoryBytes() == null ? "" : "host " + Numbers.bytes((double) env.memoryBytes());
        if (f.budgets().isEmpty()) {
            return host + (host.isEmpty() ? "" : ", ") + "no memory budget";
        }
        String budgets = String.join(
                ", ",
                f.budgets().stream()
                        .map(b -> Numbers.bytes((double) b) + " (" + b + " bytes)")
                        .toList());
        return "memory budget " + budgets + (f.unbudgeted() > 0 ? "; " + f.unbudgeted() + " steps without" : "")
                + (host.isEmpty() ? "" : "; " + host);
    }

    private static String repetitions(RunFacts f) {
        if (f.most() == 0) {
            return "none: no measured step (crash cells have a row per crash point instead)";
        }
        String n = f.fewest() == f.most() ? String.valueOf(f.most()) : f.fewest() + "–" + f.most();
        return n + " per cell" + (f.warmup() > 0 ? ", after " + f.warmup() + " warm-up" : "");
    }

    private static String disks(RunEnvironment env) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, RunCampaign.DeviceInfo> e :
                env.campaign().devices().entrySet()) {
            RunCampaign.DeviceInfo d = e.getValue();
            String size = d.sizeBytes() != null && d.sizeBytes() > 0 ? " " + Numbers.bytes((double) d.sizeBytes()) : "";
            Baseline.Identity disk = d.disk();
            String on = disk.blockDevice() != null
                    ? " on " + disk.blockDevice()
                            + (disk.rotational() == null
                                    ? ""
                                    : disk.rotational() ? " (rotational)" : " (SSD or virtual)")
                            + BaselineText.contradicted(env, disk.backingSource())
                    : "";
            out.add(e.getKey() + ": " + Conditions.nz(d.kind()) + size + on);
        }
        return String.join("; ", out);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
