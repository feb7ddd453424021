package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a measured node ended. In {@code results.jsonl} a status is its lower-case name ({@code ok},
 * {@code failed}, {@code timeout}, {@code skipped}): a contract (design.md section 5).
 */
public enum Status {
    /** The process ran and exited 0 (and its output parsed, when a parser is attached). */
    OK,
    /** The process failed (non-zero exit, or its output could not be parsed). */
    FAILED,
    /** The process was killed by its time limit. */
    TIMEOUT,
    /** The step did not run; the measurement's {@code reason} says why. */
    SKIPPED;

    /** The name written to results.jsonl and shown in reports. */
    @JsonValue
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status written as {@code value}. */
    @JsonCreator
    public static Status of(String value) {
        for (Status s : values()) {
            if (s.value().equals(value)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown status '" + value + "' (expected ok, failed, timeout or skipped)");
    }

    /** True for a step that ran and did not succeed (failed or timed out). */
    public boolean failure() {
        return this == FAILED || this == TIMEOUT;
    }

    @Override
    public String toString() {
        return value();
    }
}
