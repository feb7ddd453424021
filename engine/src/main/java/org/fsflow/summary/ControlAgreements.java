package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsflow.plan.Cell;
import org.fsflow.result.Fieller;
import org.fsflow.result.Metric;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Series;
import org.fsflow.result.Summary;

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

    /** The agreement of every place that has two control types; {@code types} maps a filesystem to its type. */
    public static List<ControlAgreement> of(ResultSet results, Map<String, String> types, List<String> steps) {
        Map<String, Map<String, List<String>>> byPlace = new LinkedHashMap<>(); // place -> type -> filesystems
        Map<String, String> placeOf = new LinkedHashMap<>();
        for (Cell c : results.cells()) {
            String fs = c.coordinates().get(FILESYSTEM);
            String place = placeOf(results, c);
            if (fs == null || place == null || placeOf.containsKey(fs)) {
                continue;
            }
            placeOf.put(fs, place);
            byPlace.computeIfAbsent(place, k -> new LinkedHashMap<>())
                    .computeIfAbsent(types.getOrDefault(fs, fs), k -> new ArrayList<>())
                    .add(fs);
        }
        Map<String, List<String>> host = byPlace.getOrDefault(Places.HOST, Map.of());
        List<ControlAgreement> out = new ArrayList<>();
        byPlace.forEach((place, guest) -> {
            if (place.equals(Places.HOST)) {
                return;
            }
            List<String> controls = guest.keySet().stream()
                    .filter(t -> guest.get(t).size() == 1
                            && host.getOrDefault(t, List.of()).size() == 1)
                    .toList();
            if (controls.size() >= 2) {
                out.add(agreement(results, place, controls, host, guest, steps));
            }
        });
        return out;
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
    private static org.fsflow.result.Measurement first(
            ResultSet results, String step, Map<String, String> where, String fs) {
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

    private static String placeOf(ResultSet results, Cell c) {
        for (Series s : results.series()) {
            if (s.key().cell().equals(c) && !s.isEmpty()) {
                return Places.of(s.first());
            }
        }
        return null;
    }
}
