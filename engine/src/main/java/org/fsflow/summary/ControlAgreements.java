package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.plan.Cell;
import org.fsflow.result.Fieller;
import org.fsflow.result.Measurement;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;
import org.fsflow.scenario.ScaleControls;

/**
 * Finds a run's control cells and computes, per place other than the host, a {@link
 * ControlAgreement}. A type is a control of a place when exactly one filesystem of that type ran
 * on the host and exactly one in the place; two control types make a pair, compared step by step
 * on the mean real time (warm-ups left out, at least two repetitions a side).
 */
public final class ControlAgreements {

    private static final String FILESYSTEM = "filesystem";
    private static final Metric REAL = new Metric("real_s");

    private ControlAgreements() {}

    /**
     * The agreement of every place that has two control types; {@code types} maps a filesystem to
     * its type. Where the host ran a control type at two scales (its own cells, and its control at
     * the guest's scale: {@code ext3@0.05}), the guest is paired with the host's cells at its scale.
     */
    public static List<ControlAgreement> of(ResultSet results, Map<String, String> types, List<String> steps) {
        Map<String, Map<String, List<String>>> byPlace = new LinkedHashMap<>(); // place -> type -> filesystems
        Map<String, Measurement> firstOf = new LinkedHashMap<>();
        for (Cell c : results.cells()) {
            String fs = c.coordinates().get(FILESYSTEM);
            Measurement first = firstOf(results, c);
            if (fs == null || first == null || firstOf.containsKey(fs)) {
                continue;
            }
            firstOf.put(fs, first);
            String base = ScaleControls.base(fs);
            byPlace.computeIfAbsent(Places.of(first), k -> new LinkedHashMap<>())
                    .computeIfAbsent(types.getOrDefault(fs, types.getOrDefault(base, base)), k -> new ArrayList<>())
                    .add(fs);
        }
        Map<String, List<String>> host = byPlace.getOrDefault(Places.HOST, Map.of());
        List<ControlAgreement> out = new ArrayList<>();
        byPlace.forEach((place, guest) -> {
            if (place.equals(Places.HOST)) {
                return;
            }
            Map<String, List<String>> hostAt = new LinkedHashMap<>();
            guest.forEach((type, cells) -> {
                String peer = cells.size() == 1 ? peer(host.get(type), firstOf, firstOf.get(cells.get(0))) : null;
                if (peer != null) {
                    hostAt.put(type, List.of(peer));
                }
            });
            List<String> controls = List.copyOf(hostAt.keySet());
            if (controls.size() >= 2) {
                out.add(agreement(results, place, controls, hostAt, guest, steps));
            }
        });
        return out;
    }

    // the host's filesystem of a control type for a guest cell: the only one, else the one at its scale
    private static String peer(List<String> host, Map<String, Measurement> firstOf, Measurement guest) {
        if (host == null || host.isEmpty()) {
            return null;
        }
        if (host.size() == 1) {
            return host.get(0);
        }
        List<String> atScale = host.stream()
                .filter(fs -> java.util.Objects.equals(firstOf.get(fs).scale(), guest.scale()))
                .toList();
        return atScale.size() == 1 ? atScale.get(0) : null;
    }

    private static ControlAgreement agreement(
            ResultSet results,
            String place,
            List<String> controls,
            Map<String, List<String>> host,
            Map<String, List<String>> guest,
            List<String> steps) {
        List<ControlAgreement.Row> rows = new ArrayList<>();
        for (String step : steps) {
            for (Map<String, String> where : others(results)) {
                for (int i = 0; i < controls.size(); i++) {
                    for (int j = i + 1; j < controls.size(); j++) {
                        String a = controls.get(i);
                        String b = controls.get(j);
                        ControlAgreement.Row row = row(
                                results,
                                step,
                                where,
                                a,
                                b,
                                host.get(a).get(0),
                                host.get(b).get(0),
                                guest.get(a).get(0),
                                guest.get(b).get(0));
                        if (row != null) {
                            rows.add(row);
                        }
                    }
                }
            }
        }
        int agreeing = (int) rows.stream()
                .filter(r -> r.agreement() == ControlAgreement.Agreement.AGREES)
                .count();
        int untrusted = (int) rows.stream()
                .filter(r -> r.agreement() == ControlAgreement.Agreement.DISAGREES)
                .count();
        return new ControlAgreement(place, List.copyOf(rows), agreeing, untrusted);
    }

    private static ControlAgreement.Row row(
            ResultSet results,
            String step,
            Map<String, String> where,
            String a,
            String b,
            String hostA,
            String hostB,
            String guestA,
            String guestB) {
        Fieller.Interval host = ratio(results, step, where, hostA, hostB);
        Fieller.Interval guest = ratio(results, step, where, guestA, guestB);
        if (host == null || guest == null) {
            return null;
        }
        boolean oneScale = Places.oneScale(List.of(
                first(results, step, where, hostA),
                first(results, step, where, hostB),
                first(results, step, where, guestA),
                first(results, step, where, guestB)));
        return new ControlAgreement.Row(
                step,
                where,
                a,
                b,
                hostA + "/" + hostB,
                guestA + "/" + guestB,
                host,
                guest,
                oneScale ? judge(host, guest) : ControlAgreement.Agreement.DIFFERENT_SCALES);
    }

    /** Same side of 1: agrees; else untrusted when the host's interval excludes 1, undecided when not. */
    static ControlAgreement.Agreement judge(Fieller.Interval host, Fieller.Interval guest) {
        if ((host.ratio() > 1) == (guest.ratio() > 1)) {
            return ControlAgreement.Agreement.AGREES;
        }
        boolean hostSignificant = host.bounded() && (host.low() > 1 || host.high() < 1);
        return hostSignificant ? ControlAgreement.Agreement.DISAGREES : ControlAgreement.Agreement.UNDECIDED;
    }

    private static Fieller.Interval ratio(
            ResultSet results, String step, Map<String, String> where, String num, String den) {
        Summary n = stats(results, step, where, num);
        Summary d = stats(results, step, where, den);
        return n == null || d == null ? null : Fieller.ratio(n, d);
    }

    private static Summary stats(ResultSet results, String step, Map<String, String> where, String fs) {
        Series s = series(results, step, where, fs);
        Summary stats = s == null ? null : s.summary(REAL);
        return stats == null || stats.n() < 2 ? null : stats;
    }

    // the first row of filesystem fs's series of step at `where` (it holds the cell's scale)
    private static Measurement first(ResultSet results, String step, Map<String, String> where, String fs) {
        Series s = series(results, step, where, fs);
        return s == null || s.isEmpty() ? null : s.first();
    }

    private static Series series(ResultSet results, String step, Map<String, String> where, String fs) {
        Map<String, String> want = new TreeMap<>(where);
        want.put(FILESYSTEM, fs);
        for (Cell c : results.cells()) {
            if (c.coordinates().equals(want)) {
                return results.series(c, step);
            }
        }
        return null;
    }

    /** Every combination of the coordinates other than the filesystem, in the run's order. */
    private static List<Map<String, String>> others(ResultSet results) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Cell c : results.cells()) {
            Map<String, String> rest = new TreeMap<>(c.coordinates());
            rest.remove(FILESYSTEM);
            if (!out.contains(rest)) {
                out.add(rest);
            }
        }
        return out;
    }

    private static Measurement firstOf(ResultSet results, Cell c) {
        return results.first(c);
    }
}
