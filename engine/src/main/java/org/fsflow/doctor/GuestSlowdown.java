package org.fsflow.doctor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;

/**
 * How much slower an earlier run's guests were than its host, measured on its control cells: for
 * each filesystem type that ran on the host and in a guest ({@code ext3} beside {@code ext3-vm}),
 * per dataset and step at one scale, the guest's mean real time over the host's. Doctor states the
 * median of these ratios as the expected slowdown of this run's guest cells under the same
 * accelerator; where no earlier run measured one, the figures of {@code bench/vm.sh} in bench/README.md.
 */
final class GuestSlowdown {

    /**
     * bench/vm.sh on the project's machine (bench/README.md; 2026-12-01 22:01 UTC,
     * load 1.5, nothing else running): ext4 in a TCG guest (its repetitions in one guest) over ext4 on
     * the host, per step (mkfs, mount, copy, walk, delete, umount).
     */
    static final double[] BENCH_TCG = {29.9, 69.5, 29.9, 40.5, 10.1, 47.9};

    /** Where {@link #BENCH_TCG} comes from, for the person reading doctor. */
    static final String BENCH_BASIS =
            "bench/vm.sh's ext4 steps on the project's 2-core machine under TCG (bench/README.md)";

    /** bench/vm.sh's same steps in a user-mode Linux guest (FSFLOW_VM_ACCEL=uml), in the same bench run. */
    static final double[] BENCH_UML = {48.3, 46.2, 17.7, 49.6, 8.4, 32.8};

    /** Where {@link #BENCH_UML} comes from. */
    static final String BENCH_UML_BASIS =
            "bench/vm.sh's ext4 steps on the project's 2-core machine under user-mode Linux (bench/README.md)";

    /**
     * What doctor adds to a user-mode Linux guest's place: faster than TCG, but its control cells
     * did not rank filesystems as the host does (docs/places.md, "User-mode Linux: measured, not chosen").
     */
    static final String UML_CAVEAT = "its control cells ranked ext3 against xfs like the host in 2 of 12 steps of"
            + " piszcz-2006 where TCG's did in 9 of 12 (docs/places.md, user-mode Linux): read its rankings only where the"
            + " report's control-cell agreement says agrees";

    /**
     * The slowdown of one accelerator's guests.
     *
     * @param median the median of the ratios
     * @param min    the smallest ratio
     * @param max    the largest
     * @param ratios how many step ratios
     * @param basis  where they come from
     */
    record Summary(double median, double min, double max, int ratios, String basis) {

        /** "about x16.5 slower per step (median of 6 step ratios x14.2-x31.0, from BASIS)". */
        String describe() {
            return String.format(
                    Locale.ROOT,
                    "about x%.3g slower per step (median of %d step ratio%s, x%.3g-x%.3g, from %s)",
                    median,
                    ratios,
                    ratios == 1 ? "" : "s",
                    min,
                    max,
                    basis);
        }
    }

    private final Map<String, double[]> means = new HashMap<>(); // virt|type|dataset|step|scale -> {sum, n}
    private final Map<String, TreeSet<String>> names = new HashMap<>(); // virt|type -> filesystem names

    /** Learns from one row of the earlier run, whose scenario is {@code before} (null: unreadable). */
    void add(Measurement m, Scenario before) {
        Filesystem fs = before == null || m.filesystem() == null
                ? null
                : before.filesystems().get(m.filesystem());
        if (fs == null
                || m.status() != Status.OK
                || m.warmup()
                || m.takenAgain()
                || m.realS() == null
                || m.virt() == null) {
            return;
        }
        String key = String.join("|", m.virt(), fs.type(), String.valueOf(m.dataset()), m.step(), scale(m));
        double[] s = means.computeIfAbsent(key, k -> new double[2]);
        s[0] += m.realS();
        s[1]++;
        names.computeIfAbsent(m.virt() + "|" + fs.type(), k -> new TreeSet<>()).add(m.filesystem());
    }

    private static String scale(Measurement m) {
        return m.scale() == null ? "-" : m.scale().toString();
    }

    /** The slowdown the earlier run ({@code from}) measured under accelerator {@code virt} (kvm, tcg), if any. */
    Optional<Summary> of(String virt, String from) {
        List<Double> ratios = new ArrayList<>();
        Map<String, String> pairs = new TreeMap<>();
        for (Map.Entry<String, double[]> e : means.entrySet()) {
            String[] k = e.getKey().split("\\|", 2);
            double[] host = means.get("host|" + k[1]);
            if (!k[0].equals(virt) || host == null || host[0] <= 0) {
                continue;
            }
            ratios.add((e.getValue()[0] / e.getValue()[1]) / (host[0] / host[1]));
            String type = k[1].split("\\|")[0];
            pairs.put(
                    type,
                    String.join(",", names.get(virt + "|" + type)) + "/" + String.join(",", names.get("host|" + type)));
        }
        if (ratios.isEmpty()) {
            return Optional.empty();
        }
        String basis = from + "'s control cells " + String.join(", ", pairs.values()) + " under " + virt;
        return Optional.of(
                summary(ratios.stream().mapToDouble(Double::doubleValue).toArray(), basis));
    }

    /** The summary of {@code ratios}. */
    static Summary summary(double[] ratios, String basis) {
        double[] r = ratios.clone();
        java.util.Arrays.sort(r);
        int n = r.length;
        double median = n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
        return new Summary(median, r[0], r[n - 1], n, basis);
    }
}
