package org.fsflow.machine;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.fsflow.place.Commands;
import org.fsflow.result.Baseline;
import org.fsflow.result.Json;
import org.fsflow.scenario.Precondition;

/**
 * Brings a confirmed block device to steady state before its baseline and first cell, as SNIA's
 * Performance Test Specification does for an SSD ({@link Precondition}): two sequential fills of
 * the whole device (128 KiB, depth 32, direct I/O), then rounds of 4 KiB random writes at depth 32
 * until the IOPS of the last five rounds are steady: their range at most 20 % of their mean, and the
 * least-squares line through them moving at most 10 % of it across the window. What it did is
 * recorded, steady or not.
 */
final class Preconditioner {

    static final double RANGE = 0.20;
    static final double SLOPE = 0.10;

    private Preconditioner() {}

    /** Preconditions {@code device} ({@code bytes} long) as {@code p} says; what it did. */
    static Baseline.Preconditioned run(String device, long bytes, Precondition p, Consumer<String> say)
            throws IOException {
        say.accept("precondition: filling " + device + " twice, then rounds of 4 KiB random writes of "
                + p.round().toSeconds() + " s until steady (at most " + p.rounds() + ")");
        long started = System.nanoTime();
        JsonNode fill = fio(
                List.of("--name=fill", "--rw=write", "--bs=128k", "--iodepth=32", "--loops=2"),
                device,
                bytes,
                Duration.ofHours(24));
        double fillRate = job(fill).path("write").path("bw_bytes").asDouble();
        double fillSeconds = seconds(started);
        List<Double> iops = new ArrayList<>();
        Integer steadyFrom = null;
        for (int r = 1; r <= p.rounds() && steadyFrom == null; r++) {
            JsonNode round = fio(
                    List.of(
                            "--name=round",
                            "--rw=randwrite",
                            "--bs=4k",
                            "--iodepth=32",
                            "--norandommap",
                            "--randrepeat=0",
                            "--time_based",
                            "--runtime=" + p.round().toSeconds()),
                    device,
                    bytes,
                    p.round().multipliedBy(3).plusMinutes(2));
            iops.add(Math.round(job(round).path("write").path("iops").asDouble() * 10) / 10.0);
            if (steady(iops)) {
                steadyFrom = iops.size() - Precondition.WINDOW + 1;
            }
        }
        return new Baseline.Preconditioned(
                fillRate,
                2,
                fillSeconds,
                p.round().toSeconds(),
                iops,
                steadyFrom != null,
                steadyFrom,
                "4 KiB random writes at depth 32; over the last " + Precondition.WINDOW
                        + " rounds, range at most 20 % of the mean and the least-squares line moving at most 10 % of it",
                seconds(started));
    }

    /** True when the last {@link Precondition#WINDOW} values hold SNIA's steady-state rule. */
    static boolean steady(List<Double> values) {
        int n = Precondition.WINDOW;
        if (values.size() < n) {
            return false;
        }
        List<Double> w = values.subList(values.size() - n, values.size());
        double mean = w.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double max = w.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double min = w.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        SimpleRegression line = new SimpleRegression();
        for (int i = 0; i < n; i++) {
            line.addData(i, w.get(i));
        }
        return mean > 0 && max - min <= RANGE * mean && Math.abs(line.getSlope() * (n - 1)) <= SLOPE * mean;
    }

    private static JsonNode fio(List<String> job, String device, long bytes, Duration limit) throws IOException {
        List<String> argv = new ArrayList<>(List.of(
                "fio",
                "--output-format=json",
                "--filename=" + device,
                "--size=" + bytes,
                "--direct=1",
                "--ioengine=libaio",
                "--group_reporting"));
        argv.addAll(job);
        Commands.Result r = Commands.run(argv, limit);
        if (!r.ok()) {
            throw new IOException("fio: " + r.message());
        }
        int start = r.out().indexOf('{');
        if (start < 0) {
            throw new IOException("fio wrote no JSON");
        }
        return Json.MAPPER.readTree(r.out().substring(start));
    }

    private static JsonNode job(JsonNode fio) throws IOException {
        JsonNode j = fio.path("jobs").path(0);
        if (j.isMissingNode() || j.path("error").asInt() != 0) {
            throw new IOException("fio's job failed: " + j.path("error").asInt());
        }
        return j;
    }

    private static double seconds(long since) {
        return Math.round((System.nanoTime() - since) / 1e6) / 1e3;
    }
}
