package org.fsflow.scenario;

import java.util.Arrays;
import java.util.List;

/**
 * The output parsers, in one table: the names a step's {@code parse:} may use, plus the parser the
 * {@code capacity} action uses on its own output. {@code org.fsflow.parse.Parsers} gives each its
 * implementation (an exhaustive switch, so a name without a parser does not compile); the
 * validator, the schema test and docs/scenarios.md read the names from here.
 */
public enum ParserName {
    /** bonnie++'s CSV line (1.03, 1.96 to 2.00): throughput, CPU %, latencies */
    BONNIE("bonnie", true),
    /** fio's {@code --output-format=json}: bandwidth, IOPS, latency per job */
    FIO("fio", true),
    /** dd's closing line: bytes copied, seconds, rate */
    DD("dd", true),
    /** GNU time's {@code -v} report or {@code -f} line */
    GNU_TIME("gnu-time", true),
    /** the capacity action's blockdev and stat output (not for {@code parse:}) */
    CAPACITY("capacity", false);

    /** The names a step's {@code parse:} accepts, in table order. */
    public static final List<String> STEP_NAMES = Arrays.stream(values())
            .filter(p -> p.inSteps)
            .map(ParserName::keyword)
            .toList();

    private final String keyword;
    private final boolean inSteps;

    ParserName(String keyword, boolean inSteps) {
        this.keyword = keyword;
        this.inSteps = inSteps;
    }

    /** The name written in scenarios and results. */
    public String keyword() {
        return keyword;
    }

    /** The parser called {@code keyword}, or null. */
    public static ParserName of(String keyword) {
        for (ParserName p : values()) {
            if (p.keyword.equals(keyword)) {
                return p;
            }
        }
        return null;
    }
}
