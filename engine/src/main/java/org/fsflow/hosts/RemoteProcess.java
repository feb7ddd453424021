package org.fsflow.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * One ssh or scp process: its output lines streamed to a consumer as they come, the tail of its
 * error output kept as the reason of a failure. It runs in a session of its own ({@code setsid}),
 * so a Ctrl-C at the terminal reaches fsflow alone, which then ends each remote run in order
 * instead of cutting its connection.
 */
final class RemoteProcess {

    /** Lines of error output kept for the reason of a failure. */
    private static final int TAIL_LINES = 5;

    private final Process process;
    private final Deque<String> errorTail = new ArrayDeque<>();
    private final Thread errors;

    private RemoteProcess(Process process, Consumer<String> errorLines) {
        this.process = process;
        this.errors = new Thread(
                () -> pump(process.getErrorStream(), line -> {
                    synchronized (errorTail) {
                        errorTail.addLast(line);
                        if (errorTail.size() > TAIL_LINES) {
                            errorTail.removeFirst();
                        }
                    }
                    errorLines.accept(line);
                }),
                "ssh-errors");
        errors.setDaemon(true);
        errors.start();
    }

    /** Starts {@code command}; standard error lines go to {@code errorLines} too. */
    static RemoteProcess start(List<String> command, Consumer<String> errorLines) {
        List<String> argv = new java.util.ArrayList<>(List.of("setsid"));
        argv.addAll(command);
        try {
            return new RemoteProcess(new ProcessBuilder(argv).start(), errorLines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        }
    }

    /** Runs {@code command} to its end, its output lines to {@code lines}; returns the outcome. */
    static Outcome run(List<String> command, Consumer<String> lines) {
        RemoteProcess p = start(command, line -> {});
        p.output(lines);
        return p.await();
    }

    /** Streams standard output to {@code lines} until it closes. */
    void output(Consumer<String> lines) {
        pump(process.getInputStream(), lines);
    }

    /** Closes the standard input: the remote side reads that as "stop" (see {@link RemoteCommands}). */
    void closeInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed: the process is ending anyway
        }
    }

    /** Ends the local process (a probe or a copy that Ctrl-C interrupts). */
    void destroy() {
        process.destroy();
    }

    /** Waits for the end; the outcome carries the exit code and the last error lines. */
    Outcome await() {
        try {
            int code = process.waitFor();
            errors.join();
            synchronized (errorTail) {
                return new Outcome(code, String.join(" / ", errorTail));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
            return new Outcome(-1, "interrupted");
        }
    }

    private static void pump(InputStream in, Consumer<String> lines) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.accept(line.replace("\r", ""));
            }
        } catch (IOException e) {
            // the stream closed under us: the process ended
        }
    }

    /**
     * How a process ended.
     *
     * @param exitCode its exit code (255 for ssh: the connection failed or was lost)
     * @param errors   the last lines of its error output, joined
     */
    record Outcome(int exitCode, String errors) {

        /** ssh's own exit code for "the connection failed", as opposed to the remote command's. */
        static final int SSH_FAILED = 255;

        boolean ok() {
            return exitCode == 0;
        }
    }
}
