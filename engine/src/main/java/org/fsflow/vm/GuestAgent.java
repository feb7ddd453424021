package org.fsflow.vm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The guest agent: one fixed POSIX sh script ({@code agent.sh} beside this class), shipped once in
 * every guest's initramfs at {@link #PATH}, that reads a {@link GuestJob} and runs its steps as the
 * host's runner does (the command inside its cgroup v2 group under its memory budget, timed by the
 * guest's nanosecond clock, its time limit, the flush inside the measured time, the verify
 * unmeasured, on_error) and reports each step in the tagged lines {@link GuestProtocol} reads.
 * Nothing in it depends on a step: a step is data.
 */
public final class GuestAgent {

    /** Where the agent is in the guest. */
    public static final String PATH = "/fsflow/agent.sh";

    private static final String TEXT = load();

    private GuestAgent() {}

    /** The agent's text. */
    public static String script() {
        return TEXT;
    }

    private static String load() {
        try (InputStream in = GuestAgent.class.getResourceAsStream("agent.sh")) {
            if (in == null) {
                throw new IllegalStateException("agent.sh is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
