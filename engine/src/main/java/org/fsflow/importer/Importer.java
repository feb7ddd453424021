package org.fsflow.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.fsflow.parse.BonnieCsv;
import org.fsflow.parse.GnuTimeLog;
import org.fsflow.parse.OutputParser;
import org.fsflow.result.Journal;
import org.fsflow.result.Json;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;

/**
 * Turns published results into an fsflow output directory: {@code results.jsonl} (one row per
 * bonnie++ CSV line, or per GNU time entry) and an {@code environment.json} that says where they
 * came from, so an old campaign and its rerun get the same report.
 *
 * <p>Labels ({@code --label k=v}): {@code filesystem} (else the bonnie++ name field, or
 * {@code bench.FS.txt} in a GNU time log's file name), {@code dataset}, {@code name},
 * {@code title}, {@code source}.
 */
public final class Importer {

    private Importer() {
    }

    /** Imports bonnie++ CSV files (1.03 or 1.9x) into {@code out}; returns the number of rows. */
    public static int bonnie(List<Path> files, Path out, Map<String, String> labels) throws OutputParser.Unparseable {
        List<Measurement> rows = new ArrayList<>();
        Map<String, Integer> runs = new LinkedHashMap<>();
        LinkedHashSet<String> filesystems = new LinkedHashSet<>();
        for (Path file : files) {
            for (BonnieCsv.Line line : BonnieCsv.parse(read(file))) {
                String fs = labels.getOrDefault("filesystem", line.name());
                filesystems.add(fs);
                int r = runs.merge(fs, 1, Integer::sum);
                Map<String, Object> metrics = new LinkedHashMap<>(line.values());
                line.tooFast().forEach(col -> metrics.put("too_fast." + col, 1));
                rows.add(row(fs, labels.get("dataset"), "bonnie", r, "bonnie++ " + line.version() + " -s "
                        + line.fileSize() + " (imported from " + file.getFileName() + ")", Status.OK, null,
                        null, null, null, null, null, metrics));
            }
        }
        write(out, rows, labels, files, "bonnie++ CSV", List.of("bonnie"), new ArrayList<>(filesystems));
        return rows.size();
    }

    /** Imports GNU time logs into {@code out}; each distinct command is a step, in order of appearance. */
    public static int gnuTime(List<Path> files, Path out, Map<String, String> labels) throws OutputParser.Unparseable {
        List<Measurement> rows = new ArrayList<>();
        Map<String, Integer> runs = new LinkedHashMap<>();
        LinkedHashSet<String> steps = new LinkedHashSet<>();
        LinkedHashSet<String> filesystems = new LinkedHashSet<>();
        for (Path file : files) {
            String fs = labels.getOrDefault("filesystem", filesystemOf(file));
            filesystems.add(fs);
            for (GnuTimeLog.Entry e : GnuTimeLog.parse(read(file))) {
                steps.add(e.command());
                int r = runs.merge(fs + "\u0000" + e.command(), 1, Integer::sum);
                boolean ok = e.exitStatus() == 0;
                rows.add(row(fs, labels.get("dataset"), e.command(), r, e.command(),
                        ok ? Status.OK : Status.FAILED, ok ? null : e.exitStatus() < 0
                                ? "terminated by a signal" : "exit status " + e.exitStatus(),
                        e.realS(), e.userS(), e.sysS(), e.cpuPct(), e.maxRssKb(), Map.of()));
            }
        }
        write(out, rows, labels, files, "GNU time log", new ArrayList<>(steps), new ArrayList<>(filesystems));
        return rows.size();
    }

    // seed 000 names its logs bench.<fs>.txt
    static String filesystemOf(Path file) {
        String name = file.getFileName().toString();
        String[] parts = name.split("\\.");
        return parts.length == 3 && parts[0].equals("bench") ? parts[1] : name.replaceAll("\\.[^.]*$", "");
    }

    private static Measurement row(String fs, String dataset, String step, int repeat, String command, Status status,
            String reason, Double real, Double user, Double sys, Double cpu, Long rss, Map<String, Object> metrics) {
        Map<String, String> cell = new LinkedHashMap<>();
        if (dataset != null) {
            cell.put("dataset", dataset);
        }
        cell.put("filesystem", fs);
        String node = (dataset == null ? "" : dataset + "/") + fs + "/r" + repeat + "/"
                + step.replaceAll("[^A-Za-z0-9._+-]+", "_");
        return Measurement.builder(node, step).dataset(dataset).filesystem(fs).repeat(repeat).cell(cell)
                .command(command).status(status).reason(reason).realS(real).userS(user).sysS(sys)
                .cpuPct(cpu == null ? null : Math.round(cpu)).maxRssKb(rss).metrics(metrics).cpuMethod("imported")
                .memoryMethod("imported").build();
    }

    private static void write(Path out, List<Measurement> rows, Map<String, String> labels, List<Path> files,
            String kind, List<String> steps, List<String> filesystems) {
        try {
            Files.createDirectories(out);
            Path journal = out.resolve(Journal.FILE);
            if (Files.exists(journal) && Files.size(journal) > 0) {
                throw new IllegalArgumentException(out + " already holds results: choose another --out");
            }
            try (Journal j = Journal.open(journal)) {
                rows.forEach(j::append);
            }
            Map<String, Object> env = new LinkedHashMap<>();
            List<String> names = files.stream().map(f -> f.getFileName().toString()).toList();
            env.put("scenario", labels.getOrDefault("name", "import"));
            env.put("imported_from", kind + ": " + String.join(", ", names));
            Map<String, Object> campaign = new LinkedHashMap<>();
            campaign.put("title", labels.getOrDefault("title", "Imported " + kind + " results"));
            campaign.put("source", labels.getOrDefault("source", String.join(", ", names)));
            campaign.put("description", labels.getOrDefault("description", "Results published by others, imported by "
                    + "fsflow without change; the conditions are those of the source, not of this machine."));
            campaign.put("steps", steps);
            campaign.put("filesystems", filesystems);
            env.put("campaign", campaign);
            env.put("labels", labels);
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out.resolve("environment.json").toFile(), env);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out, e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
