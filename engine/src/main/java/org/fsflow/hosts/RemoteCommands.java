package org.fsflow.hosts;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The shell command lines fsflow sends to a host, one job each. All of them are POSIX {@code sh}
 * (the host's login shell only starts {@code sh -c}); every value in them is quoted.
 */
final class RemoteCommands {

    /** The engine jar's name in the remote directory. */
    static final String JAR = "fsflow.jar";
    /** The remote run's output directory, inside the remote directory. */
    static final String OUT = "out";
    /** Its work directory (loop images, mount points, datasets), inside the remote directory. */
    static final String WORK = "work";
    /** The oldest Java that runs the engine. */
    static final int JAVA_MAJOR = 17;

    private RemoteCommands() {}

    /** Prints the user id, then Java's version line (or "no java"), then each missing tool. */
    static String probe(List<String> tools) {
        String each = tools.stream().map(Ssh::quote).collect(Collectors.joining(" "));
        return sh("id -u; if command -v java >/dev/null; then java -version 2>&1 | head -n 1; else echo 'no java'; fi; "
                + "for t in " + each + "; do command -v \"$t\" >/dev/null || echo \"missing $t\"; done");
    }

    /** Makes a private directory (mode 0700) under {@code base} and prints its path. */
    static String makeDirectory(String base) {
        return sh("umask 077 && mkdir -p " + Ssh.quote(base) + " && mktemp -d "
                + Ssh.quote(base + "/fsflow-remote.XXXXXXXX"));
    }

    /**
     * Runs the engine in {@code dir} with {@code arguments} ({@code run ...} or {@code resume ...}).
     * The engine ignores its standard input; a watcher reads the ssh channel instead and sends the
     * engine SIGTERM when it closes: fsflow closing it on Ctrl-C, or the connection dying. The
     * engine then ends its step, tears its devices down and exits 3, as it does on a local Ctrl-C
     * (SIGTERM, not SIGINT: a shell starts background jobs with SIGINT ignored).
     */
    static String engine(String dir, List<String> arguments) {
        String args = arguments.stream().map(Ssh::quote).collect(Collectors.joining(" "));
        return sh("cd " + Ssh.quote(dir) + " || exit 125; exec 3<&0; "
                + "java -XX:+UseSerialGC -Xmx512m -jar " + JAR + " " + args + " </dev/null & pid=$!; "
                + "( cat <&3 >/dev/null; kill -TERM $pid ) >/dev/null 2>&1 & watcher=$!; exec 3<&-; "
                + "wait $pid; rc=$?; kill $watcher 2>/dev/null; exit $rc");
    }

    /** True when {@code dir}'s remote run has started (its run.json exists). */
    static String started(String dir) {
        return sh("test -f " + Ssh.quote(dir + "/" + OUT + "/run.json"));
    }

    /** Removes the remote directory (after its results are fetched). */
    static String remove(String dir) {
        return sh("rm -rf -- " + Ssh.quote(dir));
    }

    /** The Java major version of a {@code java -version} line, or 0 when it is not one. */
    static int javaMajor(String versionLine) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("version \"(1\\.)?(\\d+)").matcher(versionLine);
        return m.find() ? Integer.parseInt(m.group(2)) : 0;
    }

    private static String sh(String script) {
        return "sh -c " + Ssh.quote(script);
    }
}
