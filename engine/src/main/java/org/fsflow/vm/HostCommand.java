package org.fsflow.vm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a host helper of the VM engine (apt-get, dpkg-deb, ldd, modinfo, cpio, mke2fs) to its end
 * with a hard time limit, capturing its output. Never while a step is measured.
 *
 * @param exitCode the exit status (-1: killed at its limit, 127: could not start)
 * @param out      standard output
 * @param err      standard error
 */
record HostCommand(int exitCode, String out, String err) {

    boolean ok() {
        return exitCode == 0;
    }

    /** The last line of stderr (or stdout), for messages. */
    String lastLine() {
        String s = (err.isBlank() ? out : err).strip();
        return s.isEmpty() ? "exit status " + exitCode : s.substring(s.lastIndexOf('\n') + 1);
    }

    static HostCommand run(Path dir, long limitSeconds, List<String> argv) {
        Path outFile = null;
        Path errFile = null;
        try {
            outFile = Files.createTempFile("fsflow-vm", ".out");
            errFile = Files.createTempFile("fsflow-vm", ".err");
            ProcessBuilder pb = new ProcessBuilder(argv)
                    .redirectOutput(outFile.toFile())
                    .redirectError(errFile.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            if (dir != null) {
                pb.directory(dir.toFile());
            }
            pb.environment().put("LC_ALL", "C");
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                return new HostCommand(127, "", argv.get(0) + ": " + e.getMessage());
            }
            int code;
            if (p.waitFor(limitSeconds, TimeUnit.SECONDS)) {
                code = p.exitValue();
            } else {
                p.destroyForcibly().waitFor();
                code = -1;
            }
            return new HostCommand(
                    code,
                    Files.readString(outFile, StandardCharsets.UTF_8),
                    Files.readString(errFile, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new HostCommand(-1, "", "interrupted");
        } finally {
            deleteQuietly(outFile);
            deleteQuietly(errFile);
        }
    }

    static HostCommand run(long limitSeconds, String... argv) {
        return run(null, limitSeconds, List.of(argv));
    }

    private static void deleteQuietly(Path p) {
        try {
            if (p != null) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover temporary file is harmless
        }
    }
}
