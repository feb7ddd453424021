package org.fsflow.parse;

import org.fsflow.scenario.ParserName;

/** The implementation of every parser named in {@link ParserName}, the one table of parser names. */
public final class Parsers {

    private Parsers() {}

    /** The parser of {@code name}. */
    public static OutputParser of(ParserName name) {
        return switch (name) {
            case BONNIE -> new BonnieParser();
            case FIO -> new FioParser();
            case DD -> new DdParser();
            case GNU_TIME -> new GnuTimeParser();
            case CAPACITY -> new CapacityParser();
        };
    }

    /** The parser called {@code name}, or null when this fsflow has none of that name. */
    public static OutputParser of(String name) {
        ParserName p = ParserName.of(name);
        return p == null ? null : of(p);
    }
}
