package org.fsflow.lang;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The exact text of a scenario file as it was loaded: used to print source lines under
 * diagnostics and to record the digest of what was run.
 *
 * @param path  the path as the user gave it (shown in diagnostics)
 * @param text  the decoded text
 * @param bytes the raw bytes (the digest is computed on these)
 * @param lines the text's lines, without their line breaks
 */
public record SourceText(String path, String text, byte[] bytes, List<String> lines) {

    /** The text of {@code path}, its lines split once (a diagnostic per line of 30,000 costs no more each). */
    public SourceText(String path, String text, byte[] bytes) {
        this(path, text, bytes, text.lines().toList());
    }

    /** The 1-based line {@code n}, without its line break, or "" when out of range. */
    public String line(int n) {
        return n >= 1 && n <= lines.size() ? lines.get(n - 1) : "";
    }

    /** SHA-256 of the raw bytes, in hex: the scenario digest shown in reports. */
    public String sha256() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** A source made from text alone (tests, overrides). */
    public static SourceText of(String path, String text) {
        return new SourceText(path, text, text.getBytes(StandardCharsets.UTF_8));
    }
}
