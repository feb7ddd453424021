package org.fsflow.result;

/** A results.jsonl that cannot be read (a damaged line before the last): reported as {@code file:line: error: ...}. */
public final class JournalException extends RuntimeException {

    /** With the located message. */
    public JournalException(String message) {
        super(message, null, false, false);
    }
}
