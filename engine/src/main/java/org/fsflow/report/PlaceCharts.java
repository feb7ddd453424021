package org.fsflow.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.report.ReportModel.Chart;
import org.fsflow.report.ReportModel.ColumnGroup;

/**
 * One chart per place: the host's columns scaled to the host's fastest, each guest's to its own
 * (an emulated CPU is several times slower, so one scale would chart the places, not the
 * filesystems). A run measured in one place has one chart, named as before places existed.
 */
final class PlaceCharts {

    private PlaceCharts() {}

    /** Column indices per place, in column order. */
    static Map<String, List<Integer>> byPlace(List<String> places) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        for (int c = 0; c < places.size(); c++) {
            out.computeIfAbsent(places.get(c), k -> new ArrayList<>()).add(c);
        }
        return out;
    }

    /**
     * {@code guest-6.1.0-57-amd64-tcg} for {@code guest kernel 6.1.0-57-amd64, TCG (emulated CPU)};
     * {@code host-at-0.05} for the host's columns at another scale ({@code host kernel 6.18.4,
     * --scale 0.05 ...}: its controls at the guests' scale).
     */
    static String fileSuffix(String place) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("guest kernel (\\S+), (\\w+)").matcher(place);
        java.util.regex.Matcher host = java.util.regex.Pattern.compile("^host(?: kernel \\S+)?, --scale ([0-9.]+)")
                .matcher(place);
        return DatasetSections.anchor(
                m.find()
                        ? "guest-" + m.group(1) + "-" + m.group(2).toLowerCase(java.util.Locale.ROOT)
                        : host.find() ? "host-at-" + host.group(1) : place);
    }

    /** The column groups of a table: one per place, empty when every column is of one place. */
    static List<ColumnGroup> groups(List<String> places) {
        Map<String, List<Integer>> by = byPlace(places);
        return by.size() < 2
                ? List.of()
                : by.entrySet().stream()
                        .map(e -> new ColumnGroup(e.getKey(), e.getValue().size()))
                        .toList();
    }

    /** What draws one place's chart from its columns and its values. */
    interface Drawer {
        String draw(String title, List<String> columns, double[][] values, double[][] halves);
    }

    /**
     * The charts of {@code values[group][column]} (NaN: no bar), one per place with a bar, titled
     * {@code title} (and the place when there are several), in file {@code file}.svg (and
     * {@code file-PLACE}.svg for the places after the first).
     */
    static List<Chart> charts(
            String title,
            String file,
            List<String> columns,
            List<String> places,
            double[][] values,
            double[][] halves,
            Drawer drawer) {
        Map<String, List<Integer>> by = byPlace(places);
        List<Chart> out = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> place : by.entrySet()) {
            List<Integer> idx = place.getValue();
            double[][] v = new double[values.length][idx.size()];
            double[][] h = new double[values.length][idx.size()];
            boolean anyBar = false;
            for (int g = 0; g < values.length; g++) {
                for (int i = 0; i < idx.size(); i++) {
                    v[g][i] = values[g][idx.get(i)];
                    h[g][i] = halves[g][idx.get(i)];
                    anyBar |= !Double.isNaN(v[g][i]);
                }
            }
            if (!anyBar) {
                continue;
            }
            String t = by.size() < 2
                    ? title
                    : title + " (" + place.getKey().replace("kernel ", "").replace(" (emulated CPU)", "") + ")";
            String name = out.isEmpty() ? file : file + "-" + fileSuffix(place.getKey());
            out.add(new Chart(t, drawer.draw(t, idx.stream().map(columns::get).toList(), v, h), name + ".svg"));
        }
        return out;
    }
}
