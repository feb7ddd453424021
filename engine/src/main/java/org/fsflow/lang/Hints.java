package org.fsflow.lang;

import java.util.Collection;
import java.util.List;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/** The words of diagnostics: did-you-mean hints and what the user wrote. */
public final class Hints {

    private Hints() {}

    /** " (did you mean 'x'?)" for the closest of {@code choices}, or the list of choices. */
    public static String didYouMean(String word, Collection<String> choices) {
        String best = closest(word, choices);
        if (best != null) {
            return " (did you mean '" + best + "'?)";
        }
        return choices.isEmpty() ? "" : ": expected one of " + String.join(", ", choices);
    }

    /** The choice closest to {@code word} by edit distance, if close enough to be a typo. */
    public static String closest(String word, Collection<String> choices) {
        LevenshteinDistance distance = LevenshteinDistance.getDefaultInstance();
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : choices) {
            int d = distance.apply(word.toLowerCase(java.util.Locale.ROOT), c.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        int tolerance = word.length() <= 3 ? 1 : Math.min(3, Math.max(2, word.length() / 3));
        return best != null && bestDistance <= tolerance ? best : null;
    }

    public static String didYouMeanOnly(String s, List<String> choices) {
        String best = closest(s, choices);
        return best == null ? "" : " (did you mean '" + best + "'?)";
    }

    /** "a list", "a mapping", "an empty value" ...: what the user wrote, for messages. */
    public static String describe(Node node) {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        if (node instanceof ScalarNode s) {
            if (s.getTag() == Tag.NULL) {
                return "an empty value";
            }
            String v = s.getValue();
            return "'" + (v.length() > 40 ? v.substring(0, 40) + "..." : v) + "'";
        }
        return "this";
    }
}
