package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.fsflow.lang.SourceText;
import org.fsflow.lang.YamlLoader;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Warns where a scenario's {@code title:} or {@code description:} states a size or a count that
 * {@code --scale} or {@code --set} can change, so the report would describe a run it did not do.
 * The rule: prose states no data size (a number with a size unit: {@code 2G}, {@code 8.2 GB},
 * {@code 512 MiB}), no count of runs, files or directories ({@code 8 runs}, {@code 8 times},
 * {@code 16 x 1024 small files}) and no tool option with a number ({@code -s 2G}, {@code -n 16},
 * {@code bs=1M}, {@code count=1024}). The report generates those from what ran; the source's own
 * figures belong in {@code source: conditions:}, which the report prints beside them.
 */
record ProseValidator(Scenario s, Problems problems) {

    /** What the rule finds, each alternative one kind of claim. */
    static final Pattern CLAIM =
            Pattern.compile("(?<![\\w.])\\d+(?:[.,]\\d+)?\\s?(?:[KMGTP]i?B|[KMGTP]o|[KMGT]|bytes?)(?![A-Za-z])"
                    + "|(?<![\\w.,])(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\s*x\\s*\\d+)?(?:\\s+(?:small|large|empty|big))?\\s+"
                    + "(?:runs?|times|repetitions?|iterations?|passes|files?|directories|dirs)\\b"
                    + "|(?<![\\w-])-[srnx]\\s?\\d+[KMGkmg]?(?![\\w.])"
                    + "|\\b(?:bs|count)=\\d+\\w*");

    private static final List<String> KEYS = List.of("title", "description");

    void validate() {
        SourceText source = s.source();
        if (source == null) {
            return;
        }
        Node root = YamlLoader.parse(source, new Problems());
        if (!(root instanceof MappingNode map)) {
            return;
        }
        for (NodeTuple t : map.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k
                    && KEYS.contains(k.getValue())
                    && t.getValueNode() instanceof ScalarNode v) {
                check(source, k.getValue(), v);
            }
        }
    }

    private void check(SourceText source, String key, ScalarNode value) {
        for (String claim : claims(value.getValue())) {
            problems.warn(
                    where(source, value, claim),
                    "the " + key + " states '" + claim + "', a size or count that --scale or --set can change: the "
                            + "report prints what ran (data sizes, repetitions, tool options) from the run itself; "
                            + "say it without the figure, and put the source's figures under source: conditions:");
        }
    }

    /** Every claim the rule finds in {@code text}, in order. */
    static List<String> claims(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = CLAIM.matcher(text);
        while (m.find()) {
            out.add(m.group().replaceAll("\\s+", " "));
        }
        return out;
    }

    // the claim's own line and column where the file holds it as written, else the value's start
    private static Location where(SourceText source, ScalarNode value, String claim) {
        String text = source.text();
        int start = offset(
                text, value.getStartMark().getLine(), value.getStartMark().getColumn());
        int end = offset(text, value.getEndMark().getLine(), value.getEndMark().getColumn());
        int at = start < 0 || end < start ? -1 : text.substring(start, end).indexOf(claim);
        if (at < 0) {
            return YamlLoader.location(source.path(), value);
        }
        int index = start + at;
        int line = (int) text.substring(0, index).chars().filter(c -> c == '\n').count();
        int column = index - (text.lastIndexOf('\n', index - 1) + 1);
        return Location.of(source.path(), line + 1, column + 1);
    }

    private static int offset(String text, int line, int column) {
        int at = 0;
        for (int l = 0; l < line; l++) {
            at = text.indexOf('\n', at) + 1;
            if (at == 0) {
                return -1;
            }
        }
        return Math.min(text.length(), at + column);
    }
}
