package org.fsflow.report;

/**
 * A report template that cannot be loaded or fails while rendering (a user's --templates, most
 * often): reported as {@code template:line:col: message}, one line, exit 1.
 */
public final class TemplateFailure extends RuntimeException {

    /** A failure with its located message. */
    public TemplateFailure(String message) {
        super(message, null, false, false);
    }
}
