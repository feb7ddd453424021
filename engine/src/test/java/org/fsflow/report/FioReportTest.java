package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.fsflow.TestPaths;
import org.fsflow.parse.Parsers;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.summary.Numbers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fio 4 KiB random-write-with-fsync step on ext4 and xfs, three repetitions each (real fio runs,
 * report/fio/README.md), journaled as the engine journals a {@code parse: fio} step: report.md and
 * report.html show per filesystem its IOPS, write latency percentiles and fsync latency, each with
 * its interval, the percentiles as medians of the repetitions' own, and the best marked.
 */
class FioReportTest {

    static final String STEP = "fio-randwrite";
    static final List<String> FILESYSTEMS = List.of("ext4", "xfs");

    @TempDir
    static Path dir;

    static Path out;
    static Map<String, List<Map<String, Object>>> metrics = new java.util.LinkedHashMap<>();

    @BeforeAll
    static void render() throws Exception {
        out = dir.resolve("run");
        Files.createDirectories(out);
        Files.writeString(out.resolve("environment.json"), """
                {"scenario": "fio-fsync", "campaign": {"title": "fio 4 KiB random writes with fsync",
                 "steps": ["mkfs", "mount", "fio-randwrite", "umount"], "filesystems": ["ext4", "xfs"],
                 "datasets": {}, "devices": {}}}
                """);
        try (Journal j = Journal.open(out.resolve(Journal.FILE))) {
            int run = 1;
            for (String fs : FILESYSTEMS) {
                for (int r = 1; r <= 3; r++, run++) {
                    j.append(row(
                            fs,
                            r,
                            Files.readString(
                                    TestPaths.resources("report/fio").resolve("randwrite4k-fsync-" + run + ".json"))));
                }
            }
        }
        org.fsflow.StoredReport.render(out);
    }

    static Measurement row(String fs, int r, String stdout) throws Exception {
        Map<String, Object> m = Parsers.of("fio").parse(stdout, "");
        metrics.computeIfAbsent(fs, k -> new ArrayList<>()).add(m);
        double runtime = org.fsflow.result.Json.MAPPER
                .readTree(stdout)
                .path("jobs")
                .path(0)
                .path("job_runtime")
                .asDouble();
        return Measurement.builder(fs + "/r" + r + "/" + STEP, STEP)
                .filesystem(fs)
                .repeat(r)
                .cell(Map.of("filesystem", fs))
                .command("fio --name=randwrite4k --directory=/mnt/target --rw=randwrite --bs=4k --size=2m --fsync=1"
                        + " --ioengine=psync --output-format=json")
                .status(Status.OK)
                .exitCode(0)
                .realS(runtime / 1000)
                .metrics(m)
                .build();
    }

    static double[] values(String fs, String key) {
        return metrics.get(fs).stream().mapToDouble(m -> (Double) m.get(key)).toArray();
    }

    // "mean ± half-width" as the report prints it, from commons-math's mean, sd and t quantile
    static String meanText(double[] v, double divisor) {
        DescriptiveStatistics d = new DescriptiveStatistics(v);
        double t = new TDistribution(v.length - 1).inverseCumulativeProbability(0.975);
        String mean = Numbers.sig(d.getMean() / divisor);
        return mean + " ± " + Numbers.same(t * d.getStandardDeviation() / Math.sqrt(v.length) / divisor, mean);
    }

    static double median(double[] v) {
        return new Percentile()
                .withEstimationType(Percentile.EstimationType.R_7)
                .evaluate(v, 50);
    }

    // the Markdown cells of the row of `figure` in the table titled `title`, Markdown's escapes taken out
    static List<String> cells(String escaped, String title, String figure) {
        String md = escaped.replace("\\", "");
        String table = md.substring(md.indexOf("### " + title + "\n"));
        table = table.substring(0, table.indexOf("\n\n", table.indexOf("| figure |")));
        String line = table.lines()
                .filter(l -> l.startsWith("| " + figure + " |"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(figure + " not in " + title + ":\n" + md));
        String[] parts = line.split(" \\| ");
        return List.of(parts).subList(1, parts.length);
    }

    @Test
    void iopsPerFilesystemAreMeansWithTheirIntervalAndTheBestIsMarked() throws IOException {
        String md = Files.readString(out.resolve("report.md"));
        List<String> iops = cells(md, "step fio-randwrite: randwrite4k · write", "iops");
        assertEquals("IO/s", iops.get(0));
        assertEquals("mean ± 95 % CI", iops.get(1));
        String ext4 = meanText(values("ext4", "randwrite4k.write.iops"), 1);
        String xfs = meanText(values("xfs", "randwrite4k.write.iops"), 1);
        assertTrue(iops.get(2).startsWith("**" + ext4 + "** (best)"), iops.toString());
        assertTrue(iops.get(3).startsWith(xfs + " ×0."), iops.toString());
        assertTrue(iops.get(3).endsWith("<sub>n=3</sub> |"), iops.toString());
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains(">" + ext4 + "<span class=\"badge best-badge\">best</span>"), "best IOPS in HTML");
        assertTrue(html.contains(">" + xfs + "<span class=\"rel\">×0."), "xfs IOPS in HTML");
    }

    @Test
    void latencyPercentilesAreMediansOfTheRepetitionsWithABootstrapInterval() throws IOException {
        String md = Files.readString(out.resolve("report.md"));
        String html = Files.readString(out.resolve("report.html"));
        for (String[] row : new String[][] {
            {"randwrite4k · write", "clat_p99_ns", "randwrite4k.write.clat_p99_ns"},
            {"randwrite4k · write", "clat_p50_ns", "randwrite4k.write.clat_p50_ns"},
            {"randwrite4k · sync", "lat_p99_ns", "randwrite4k.sync.lat_p99_ns"},
            {"randwrite4k · sync", "lat_p50_ns", "randwrite4k.sync.lat_p50_ns"}
        }) {
            List<String> c = cells(md, "step fio-randwrite: " + row[0], row[1]);
            assertEquals("median [95 % CI]", c.get(1), row[2]);
            double divisor = c.get(0).equals("ms") ? 1e6 : c.get(0).equals("µs") ? 1e3 : 1;
            for (int f = 0; f < FILESYSTEMS.size(); f++) {
                double[] v = values(FILESYSTEMS.get(f), row[2]);
                Matcher m =
                        Pattern.compile("([0-9.]+) \\[([0-9.]+), ([0-9.]+)]").matcher(c.get(2 + f));
                assertTrue(m.find(), c.get(2 + f));
                assertEquals(Numbers.sig(median(v) / divisor), m.group(1), row[2] + " " + FILESYSTEMS.get(f));
                double low = Double.parseDouble(m.group(2)) * divisor;
                double high = Double.parseDouble(m.group(3)) * divisor;
                double min = java.util.Arrays.stream(v).min().orElseThrow();
                double max = java.util.Arrays.stream(v).max().orElseThrow();
                assertTrue(low >= min * 0.99 && low <= median(v) * 1.01, row[2] + " low " + c);
                assertTrue(high <= max * 1.01 && high >= median(v) * 0.99, row[2] + " high " + c);
                assertTrue(html.contains(">" + m.group() + "<"), row[2] + " in HTML");
            }
        }
    }

    @Test
    void fsyncLatencyHasItsOwnTableAndTheReportSaysHowPercentilesAreCombined() throws IOException {
        for (String file : List.of("report.md", "report.html")) {
            String text = Files.readString(out.resolve(file));
            assertTrue(text.contains("step fio-randwrite: randwrite4k · sync"), file);
            assertTrue(text.contains("the median of the per-repetition percentiles"), file);
            assertTrue(text.contains("a mean of percentiles is not a percentile"), file);
            // one job: fio's totals over all jobs repeat its figures and are not a table of their own
            assertFalse(
                    text.contains("step fio-randwrite: write<") || text.contains("### step fio-randwrite: write\n"),
                    file);
        }
        String md = Files.readString(out.resolve("report.md"));
        List<String> total = cells(md, "step fio-randwrite: randwrite4k · sync", "total_ios");
        assertEquals(
                "511 ± 0 | 511 ± 0 |", String.join(" | ", total.subList(2, 4)).replace(" <sub>n=3</sub>", ""));
        List<String> mean = cells(md, "step fio-randwrite: randwrite4k · sync", "lat_mean_ns");
        assertEquals("µs", mean.get(0), "the means are under 1 ms");
        assertTrue(
                mean.get(2).startsWith("**" + meanText(values("ext4", "randwrite4k.sync.lat_mean_ns"), 1e3)),
                mean.toString());
    }
}
