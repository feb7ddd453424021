package org.fsflow.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.result.Series;

/**
 * bonnie++ tests too fast to measure ({@code +++++}: the test took under half a second): for the
 * block tests, its file ({@code -s}) is too small for the RAM it ran with; for the file tests, too
 * few files ({@code -n}). Those runs are kept out of the means (and of every ratio); this rule
 * names the cells and tests, with the options that reached bonnie++.
 */
public final class BonnieTooFastRule implements WarningRule {

    /** The options that size bonnie++'s work: file size, RAM it assumes, files (in 1024s). */
    private static final List<String> SIZING = List.of("-s", "-r", "-n");

    @Override
    public List<String> check(Evidence evidence) {
        Map<String, Set<String>> block = new LinkedHashMap<>();
        Map<String, Set<String>> files = new LinkedHashMap<>();
        Set<String> options = new LinkedHashSet<>();
        for (TooFast hit : hits(evidence)) {
            BonnieTest t = hit.test();
            boolean file = t.ordinal() >= BonnieTest.SEQ_CREATE.ordinal();
            (file ? files : block)
                    .computeIfAbsent(hit.where(), k -> new LinkedHashSet<>())
                    .add(t.stem());
            hit.commands().forEach(c -> options.add(options(c)));
        }
        if (block.isEmpty() && files.isEmpty()) {
            return List.of();
        }
        options.remove("");
        return List.of("bonnie++ could not time some tests: too fast to measure (+++++, under half a second)"
                + (block.isEmpty() ? "" : "; block tests, the file too small for this RAM: " + list(block))
                + (files.isEmpty() ? "" : "; file tests, too few files: " + list(files))
                + (options.isEmpty() ? "" : "; bonnie++ ran with " + String.join(" / ", options))
                + ". Those runs are left out of the means and of every ratio.");
    }

    private record TooFast(long firstRow, BonnieTest test, String where, List<String> commands) {}

    // every (series, test) bonnie++ could not time, in the order of the rows that first said so
    private static List<TooFast> hits(Evidence evidence) {
        List<TooFast> out = new ArrayList<>();
        for (Series s : evidence.results().series()) {
            for (BonnieTest t : BonnieTest.values()) {
                String key = "too_fast." + t.stem();
                if (s.withKey(key) > 0) {
                    out.add(new TooFast(
                            s.firstWith(key),
                            t,
                            s.key().cell().id() + "/" + s.key().step(),
                            s.facts().commands()));
                }
            }
        }
        out.sort(java.util.Comparator.comparingLong(TooFast::firstRow)
                .thenComparing(h -> h.test().ordinal()));
        return out;
    }

    // cells with the same tests too fast share one entry: "put_block, rewrite in xfs/bonnie, ext3/bonnie"
    private static String list(Map<String, Set<String>> hits) {
        Map<Set<String>, List<String>> byTests = new LinkedHashMap<>();
        hits.forEach((where, tests) ->
                byTests.computeIfAbsent(tests, k -> new ArrayList<>()).add(where));
        List<String> out = new ArrayList<>();
        byTests.forEach((tests, where) -> out.add(String.join(", ", tests) + " in " + WarningRule.firstSix(where)));
        return String.join("; ", out);
    }

    /** The size options that reached bonnie++ ({@code -s 256 -r 128 -n 1}), "" when none. */
    static String options(String command) {
        if (command == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (String option : SIZING) {
            Matcher m = Pattern.compile("\\s" + option + "\\s*(\\S+)").matcher(command);
            if (m.find()) {
                b.append(b.length() == 0 ? "" : " ").append(option).append(' ').append(m.group(1));
            }
        }
        return b.toString();
    }
}
