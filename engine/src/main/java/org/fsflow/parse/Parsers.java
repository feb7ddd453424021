package org.fsflow.parse;

import java.util.Map;

/** The output parsers, in one visible table: the names a step's {@code parse:} may use. */
public final class Parsers {

    private static final Map<String, OutputParser> BY_NAME = Map.of(
            "bonnie", new BonnieParser(),
            "fio", new FioParser(),
            "dd", new DdParser(),
            "gnu-time", new GnuTimeParser(),
            "capacity", new CapacityParser());

    private Parsers() {
    }

    /** The parser called {@code name}, or null when this fsflow has none of that name. */
    public static OutputParser of(String name) {
        return BY_NAME.get(name);
    }
}
