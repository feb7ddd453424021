package org.fsflow.history;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;

/**
 * What orders a history ({@code --by}): the runs' start ({@code date}), the git commit each
 * recorded ({@code commit}), the kernel release each series ran under ({@code kernel}, in version
 * order) or a label given at run time ({@code label:K}, in version order, so {@code v2 < v10}).
 *
 * @param kind  which
 * @param label the label's key, for {@code label:K}
 */
public record By(Kind kind, String label) {

    /** The orders. */
    public enum Kind {
        /** By start time. */
        DATE,
        /** By commit, in commit order ({@link CommitOrder}). */
        COMMIT,
        /** By kernel release, in version order. */
        KERNEL,
        /** By a label's value, in version order. */
        LABEL
    }

    /** Parses {@code spec}; an {@link IllegalArgumentException} names the valid ones. */
    public static By parse(String spec) {
        String s = spec == null ? "date" : spec.strip();
        return switch (s) {
            case "date" -> new By(Kind.DATE, null);
            case "commit" -> new By(Kind.COMMIT, null);
            case "kernel" -> new By(Kind.KERNEL, null);
            default -> {
                if (s.startsWith("label:") && s.substring(6).matches("[A-Za-z0-9_.-]+")) {
                    yield new By(Kind.LABEL, s.substring(6));
                }
                throw new IllegalArgumentException("--by '" + spec + "': expected date, commit, kernel or label:K "
                        + "(K a label given to 'fsflow run --label K=V', e.g. --by label:kernel_build)");
            }
        };
    }

    /** How reports name it: {@code date}, {@code commit}, {@code kernel} or {@code label:K}. */
    public String text() {
        return kind == Kind.LABEL ? "label:" + label : kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The cell coordinate this order replaces in a series' key ({@code kernel}, or K), null for none. */
    public String axis() {
        return switch (kind) {
            case KERNEL -> "kernel";
            case LABEL -> label;
            default -> null;
        };
    }

    /** The value that places the series of {@code run} measured by {@code first}, or null: kept apart. */
    public String value(HistoryRun run, Measurement first) {
        return switch (kind) {
            case DATE -> run.startedAt();
            case COMMIT -> run.commit();
            case KERNEL -> first.kernel() != null ? first.kernel() : run.hostKernel();
            case LABEL -> run.labels().get(label);
        };
    }

    /** Why a run has no value, for the list of runs kept apart. */
    public String missing() {
        return switch (kind) {
            case DATE -> "no start time recorded (run.json started_at, results started_at)";
            case COMMIT -> "no commit recorded (run.json provenance.commit)";
            case KERNEL -> "no kernel recorded (results kernel, environment.json kernel)";
            case LABEL -> "no label '" + label + "' (fsflow run --label " + label + "=V)";
        };
    }

    /** The order of values; commits take their rank in {@code commits}. */
    public Comparator<String> order(Map<String, Integer> commits) {
        return switch (kind) {
            case DATE -> Comparator.naturalOrder();
            case COMMIT -> Comparator.comparing(c -> commits.getOrDefault(c, Integer.MAX_VALUE));
            case KERNEL, LABEL -> VersionOrder.ORDER;
        };
    }

    /** The values {@code --by} accepts, for completion and messages. */
    public static final List<String> VALUES = List.of("date", "commit", "kernel", "label:K");
}
