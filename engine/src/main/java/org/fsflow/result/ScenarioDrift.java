package org.fsflow.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import org.fsflow.safety.CachedFiles;

/**
 * Whether the scenario file a run recorded has changed since: {@code fsflow report DIR} re-renders
 * a run made with one scenario, and the file at the recorded path may by now say something else
 * (other sizes, other steps). A report then says so, since its titles and texts come from the
 * run's copy, not from the file a reader opens.
 */
public final class ScenarioDrift {

    private ScenarioDrift() {}

    /**
     * The warning for {@code env}'s run when its scenario file, read relative to {@code base} (the
     * directory the command runs in, as the run's command line named it), now has another digest;
     * empty when it is unchanged, when the run did not record it, or when the file is not there.
     */
    public static Optional<String> check(RunEnvironment env, Path base) {
        try {
            return drift(env, base);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The line editors read the schema from: adding it to a file changes nothing a run reads. */
    static final String EDITOR_LINE = "# yaml-language-server: ";

    // the digest of the file without a first line naming the schema for editors, "" without one
    private static String withoutEditorLine(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        String head = new String(
                bytes, 0, Math.min(bytes.length, EDITOR_LINE.length()), java.nio.charset.StandardCharsets.UTF_8);
        int eol = indexOf(bytes, (byte) '\n');
        if (!head.equals(EDITOR_LINE) || eol < 0) {
            return "";
        }
        try {
            java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
            d.update(bytes, eol + 1, bytes.length - eol - 1);
            return java.util.HexFormat.of().formatHex(d.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static Optional<String> drift(RunEnvironment env, Path base) throws IOException {
        RunProvenance p = env.settings() == null ? null : env.settings().provenance();
        String file = p != null && p.scenarioFile() != null ? p.scenarioFile() : env.scenarioFile();
        String recorded = p != null && p.scenarioSha256() != null ? p.scenarioSha256() : env.scenarioSha256();
        if (file == null || recorded == null) {
            return Optional.empty();
        }
        Path path;
        try {
            path = base.resolve(file);
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(path)) {
            return Optional.empty();
        }
        String now;
        try {
            now = CachedFiles.sha256(path);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (now.equalsIgnoreCase(recorded) || withoutEditorLine(path).equalsIgnoreCase(recorded)) {
            return Optional.empty();
        }
        return Optional.of("The scenario file " + file + " has changed since this run (sha256 now "
                + now.substring(0, 16) + "..., at the run " + recorded.substring(0, Math.min(16, recorded.length()))
                + "...): this report describes the run as it was (its copy: scenario.original.yaml); run the "
                + "scenario again for results of the file as it is now.");
    }
}
