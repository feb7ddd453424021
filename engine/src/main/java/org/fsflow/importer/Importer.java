package org.fsflow.importer;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.fsflow.parse.BonnieCsv;
import org.fsflow.parse.GnuTimeLog;
import org.fsflow.parse.OutputParser;
import org.fsflow.parse.Parsers;
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

    private Importer() {}

    /**
     * Imports bonnie++ CSV files (1.03 or 1.9x) into {@code out}; returns the number of rows. Each line
     * is written as it is read: memory does not grow with the number of lines.
     */
    public static int bonnie(List<Path> files, Path out, Map<String, String> labels) throws OutputParser.Unparseable {
        Map<String, Integer> runs = new LinkedHashMap<>();
        LinkedHashSet<String> filesystems = new LinkedHashSet<>();
        return ImportDirectory.write(
                out,
                sink -> {
                    for (Path file : files) {
                        BonnieCsv.eachImport(read(file), line -> sink.accept(bonnieRow(line, file, labels, runs)));
                    }
                    filesystems.addAll(runs.keySet());
                },
                labels,
                files,
                "bonnie++ CSV",
                () -> List.of("bonnie"),
                () -> new ArrayList<>(filesystems));
    }

    private static Measurement bonnieRow(
            BonnieCsv.Line line, Path file, Map<String, String> labels, Map<String, Integer> runs) {
        String fs = labels.getOrDefault("filesystem", line.name());
        int r = runs.merge(fs, 1, Integer::sum);
        Map<String, Object> metrics = new LinkedHashMap<>(line.values());
        line.tooFast().forEach(col -> metrics.put("too_fast." + col, 1));
        return row(
                fs,
                labels.get("dataset"),
                "bonnie",
                r,
                "bonnie++ " + line.version() + " -s " + line.fileSize() + " (imported from " + file.getFileName() + ")",
                Status.OK,
                null,
                null,
                null,
                null,
                null,
                null,
                metrics);
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
            for (GnuTimeLog.Entry e : GnuTimeLog.parse(read(file), true)) {
                steps.add(e.command());
                int r = runs.merge(fs + "\u0000" + e.command(), 1, Integer::sum);
                boolean ok = e.exitStatus() == 0;
                rows.add(row(
                        fs,
                        labels.get("dataset"),
                        e.command(),
                        r,
                        e.command(),
                        ok ? Status.OK : Status.FAILED,
                        ok ? null : e.exitStatus() < 0 ? "terminated by a signal" : "exit status " + e.exitStatus(),
                        e.realS(),
                        e.userS(),
                        e.sysS(),
                        e.cpuPct(),
                        e.maxRssKb(),
                        Map.of()));
            }
        }
        ImportDirectory.write(
                out, rows, labels, files, "GNU time log", new ArrayList<>(steps), new ArrayList<>(filesystems));
        return rows.size();
    }

    /**
     * Imports fio JSON files ({@code fio --output-format=json}): each job is a step, each file one
     * repetition; the job's figures (bandwidth, IOPS, latencies per direction) are its metrics and
     * its runtime its real time. The filesystem is {@code --label filesystem=...} (default "fio").
     */
    public static int fio(List<Path> files, Path out, Map<String, String> labels) throws OutputParser.Unparseable {
        String fs = labels.getOrDefault("filesystem", "fio");
        List<Measurement> rows = new ArrayList<>();
        Map<String, Integer> runs = new LinkedHashMap<>();
        for (Path file : files) {
            String text = read(file);
            Map<String, Object> all = Parsers.of("fio").parse(text, "");
            JsonNode root = json(text.substring(text.indexOf('{')));
            for (JsonNode job : root.path("jobs")) {
                String name = job.path("jobname").asText("job");
                Map<String, Object> metrics = new LinkedHashMap<>();
                all.forEach((k, v) -> {
                    if (k.startsWith(name + ".")) {
                        metrics.put(k.substring(name.length() + 1), v);
                    }
                });
                double real = job.has("job_runtime")
                        ? job.path("job_runtime").asDouble() / 1000
                        : job.path("elapsed").asDouble();
                rows.add(row(
                        fs,
                        labels.get("dataset"),
                        name,
                        runs.merge(name, 1, Integer::sum),
                        root.path("fio version").asText("fio") + " job " + name + " (imported from "
                                + file.getFileName() + ")",
                        Status.OK,
                        null,
                        real,
                        null,
                        null,
                        null,
                        null,
                        metrics));
            }
        }
        ImportDirectory.write(out, rows, labels, files, "fio JSON", new ArrayList<>(runs.keySet()), List.of(fs));
        return rows.size();
    }

    /**
     * Imports hyperfine {@code --export-json} files: each command is a step, each of its timed runs
     * ({@code times}) one repetition with that real time (hyperfine keeps only the mean user and
     * system time, so those stay empty); a run whose exit code is not 0 is failed.
     */
    public static int hyperfine(List<Path> files, Path out, Map<String, String> labels)
            throws OutputParser.Unparseable {
        String fs = labels.getOrDefault("filesystem", "hyperfine");
        LinkedHashSet<String> steps = new LinkedHashSet<>();
        return ImportDirectory.write(
                out,
                sink -> {
                    for (Path file : files) {
                        JsonNode results = json(read(file)).path("results");
                        if (!results.isArray() || results.isEmpty()) {
                            throw new OutputParser.Unparseable("no results: expected hyperfine --export-json output");
                        }
                        for (JsonNode r : results) {
                            steps.add(r.path("command").asText());
                            hyperfineRows(r, fs, labels, sink);
                        }
                    }
                },
                labels,
                files,
                "hyperfine JSON",
                () -> new ArrayList<>(steps),
                () -> List.of(fs));
    }

    // one row per timed run of one command's result
    private static void hyperfineRows(
            JsonNode r, String fs, Map<String, String> labels, java.util.function.Consumer<Measurement> sink) {
        String command = r.path("command").asText();
        JsonNode times = r.path("times");
        for (int i = 0; i < times.size(); i++) {
            int exit = r.path("exit_codes").path(i).asInt(0);
            sink.accept(row(
                    fs,
                    labels.get("dataset"),
                    command,
                    i + 1,
                    command,
                    exit == 0 ? Status.OK : Status.FAILED,
                    exit == 0 ? null : "exit status " + exit,
                    times.get(i).asDouble(),
                    null,
                    null,
                    null,
                    null,
                    Map.of()));
        }
    }

    private static JsonNode json(String text) throws OutputParser.Unparseable {
        try {
            return Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new OutputParser.Unparseable(
                    "not JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    // seed 000 names its logs bench.<fs>.txt
    static String filesystemOf(Path file) {
        String name = file.getFileName().toString();
        String[] parts = name.split("\\.");
        return parts.length == 3 && parts[0].equals("bench") ? parts[1] : name.replaceAll("\\.[^.]*$", "");
    }

    private static Measurement row(
            String fs,
            String dataset,
            String step,
            int repeat,
            String command,
            Status status,
            String reason,
            Double real,
            Double user,
            Double sys,
            Double cpu,
            Long rss,
            Map<String, Object> metrics) {
        Map<String, String> cell = new LinkedHashMap<>();
        if (dataset != null) {
            cell.put("dataset", dataset);
        }
        cell.put("filesystem", fs);
        String node = (dataset == null ? "" : dataset + "/") + fs + "/r" + repeat + "/"
                + step.replaceAll("[^A-Za-z0-9._+-]+", "_");
        return Measurement.builder(node, step)
                .dataset(dataset)
                .filesystem(fs)
                .repeat(repeat)
                .cell(cell)
                .command(command)
                .status(status)
                .reason(reason)
                .realS(real)
                .userS(user)
                .sysS(sys)
                .cpuPct(cpu == null ? null : Math.round(cpu))
                .maxRssKb(rss)
                .metrics(metrics)
                .cpuMethod("imported")
                .memoryMethod("imported")
                .build();
    }

    private static String read(Path file) {
        try {
            return org.fsflow.safety.InputFiles.readString(file, org.fsflow.safety.InputFiles.IMPORT_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
