package org.fsflow.place;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.PumpStreamHandler;

/**
 * Runs the unmeasured helper commands of a campaign (losetup, umount, tool versions, set-up mkfs)
 * through commons-exec, with a time limit, capturing their output. Never while a step is measured.
 */
public final class Commands {

    /** The outcome of a helper command. */
    public record Result(int exitCode, String out, String err) {
        /** True when it exited 0. */
        public boolean ok() {
            return exitCode == 0;
        }

        /** The last line of stderr (or stdout), or the exit status when the command printed nothing. */
        public String message() {
            String s = (err.isBlank() ? out : err).strip();
            if (s.isEmpty()) {
                return "exit status " + exitCode + ", nothing printed";
            }
            String[] lines = s.split("\n");
            return lines[lines.length - 1];
        }

        /** True when the command was killed at its time limit. */
        public boolean timedOut() {
            return message().startsWith(NO_ANSWER);
        }
    }

    /** How {@link Result#message()} starts when the command was killed at its time limit. */
    public static final String NO_ANSWER = "no answer within ";

    private Commands() {}

    /** Runs {@code argv} with a limit of {@code timeout}; a program that cannot start gives exit 127. */
    public static Result run(List<String> argv, Duration timeout) {
        CommandLine cmd = new CommandLine(argv.get(0));
        cmd.addArguments(argv.subList(1, argv.size()).toArray(new String[0]), false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        DefaultExecutor executor = DefaultExecutor.builder().get();
        executor.setExitValues(null);
        executor.setStreamHandler(new PumpStreamHandler(out, err, null));
        ExecuteWatchdog watchdog = ExecuteWatchdog.builder().setTimeout(timeout).get();
        executor.setWatchdog(watchdog);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("LC_ALL", "C");
        int code;
        try {
            code = executor.execute(cmd, env);
        } catch (ExecuteException e) {
            code = e.getExitValue();
        } catch (IOException e) {
            return new Result(127, "", "cannot start " + argv.get(0) + ": " + e.getMessage());
        }
        String errText = err.toString(StandardCharsets.UTF_8);
        if (watchdog.killedProcess()) {
            // a hung command (a dead FUSE daemon) must say so, not look like an ordinary failure
            errText += (errText.isEmpty() || errText.endsWith("\n") ? "" : "\n") + NO_ANSWER + timeout.toSeconds()
                    + " s (killed)";
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), errText);
    }

    /** Runs {@code argv} with a one-minute limit. */
    public static Result run(String... argv) {
        return run(List.of(argv), Duration.ofMinutes(1));
    }
}
