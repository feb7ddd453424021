package org.fsflow.hosts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command lines of the user's own OpenSSH client: {@code ssh} and {@code scp} with the
 * user's config, keys, agent and known_hosts. fsflow adds only what makes a batch tool of them:
 * no prompts ({@code BatchMode=yes}: a host that would ask for a password or for a new host key
 * fails instead), a connect timeout and keep-alives so that a dead host is noticed. Host-key
 * checking is never touched, and no password is ever handled.
 *
 * @param config an ssh config file ({@code -F}), or null for the user's own
 */
public record Ssh(Path config) {

    /** Seconds to wait for a host to answer before it counts as unreachable. */
    public static final int CONNECT_TIMEOUT_S = 10;
    /** Seconds between keep-alives; three unanswered ones end the connection. */
    public static final int ALIVE_INTERVAL_S = 5;

    /** The options every ssh and scp gets. */
    public List<String> options() {
        List<String> o = new ArrayList<>();
        if (config != null) {
            o.addAll(List.of("-F", config.toString()));
        }
        o.addAll(List.of(
                "-o",
                "BatchMode=yes",
                "-o",
                "ConnectTimeout=" + CONNECT_TIMEOUT_S,
                "-o",
                "ServerAliveInterval=" + ALIVE_INTERVAL_S,
                "-o",
                "ServerAliveCountMax=3"));
        return o;
    }

    /** {@code ssh DEST -- COMMAND}: runs one shell command line on the host. */
    public List<String> run(String destination, String command) {
        List<String> c = new ArrayList<>(List.of("ssh"));
        c.addAll(options());
        c.addAll(List.of("-T", "--", destination, command));
        return c;
    }

    /** {@code scp} of local files into a remote directory. */
    public List<String> upload(List<Path> files, String destination, String remoteDir) {
        List<String> c = new ArrayList<>(List.of("scp", "-q", "-p"));
        c.addAll(options());
        c.add("--");
        files.forEach(f -> c.add(f.toString()));
        c.add(destination + ":" + remoteDir + "/");
        return c;
    }

    /** {@code scp -r} of a remote directory to a local path (which must not exist yet). */
    public List<String> download(String destination, String remoteDir, Path local) {
        List<String> c = new ArrayList<>(List.of("scp", "-q", "-r", "-p"));
        c.addAll(options());
        c.addAll(List.of("--", destination + ":" + remoteDir, local.toString()));
        return c;
    }

    /** {@code s} quoted for a POSIX shell: the remote side parses every command line. */
    public static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
