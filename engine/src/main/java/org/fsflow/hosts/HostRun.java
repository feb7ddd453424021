package org.fsflow.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fsflow.hosts.HostState.Status;

/**
 * One host's part of a campaign, over ssh: check what the host has, copy the engine and the
 * scenario into a private directory there, run (or resume) the campaign, stream its progress,
 * fetch its output directory back into {@code OUT/hosts/NAME/}. Every failure becomes the host's
 * state with its reason; nothing here stops the other hosts.
 */
final class HostRun implements HostJob {

    private final Inventory.Host host;
    private final Ssh ssh;
    private final Launch launch;
    private final Path local;
    private final Consumer<String> say;
    private final Consumer<HostState> record;
    private volatile boolean stopped;
    private volatile RemoteProcess current;
    private volatile boolean engineRunning;

    HostRun(Inventory.Host host, Ssh ssh, Launch launch, Path local, Consumer<String> say, Consumer<HostState> record) {
        this.record = record;
        this.host = host;
        this.ssh = ssh;
        this.launch = launch;
        this.local = local;
        this.say = say;
    }

    @Override
    public HostState run(HostState start) {
        String problem = probe();
        if (problem != null) {
            return start.with(stopped ? Status.INTERRUPTED : Status.UNREACHABLE, null, problem);
        }
        HostState state = start;
        boolean resume = state.remoteDir() != null && ok(RemoteCommands.started(state.remoteDir()));
        if (!resume) {
            RemoteProcess.Outcome made = capture(RemoteCommands.makeDirectory(host.dir()));
            if (!made.ok() || stopped) {
                return state.with(
                        stopped ? Status.INTERRUPTED : Status.UNREACHABLE,
                        null,
                        "cannot make a directory under " + host.dir() + ": " + made.errors());
            }
            state = state.in(lastLine);
            record.accept(state);
            RemoteProcess.Outcome copied =
                    step(ssh.upload(List.of(launch.jar(), launch.scenario()), host.destination(), state.remoteDir()));
            if (!copied.ok()) {
                return state.with(
                        stopped ? Status.INTERRUPTED : Status.UNREACHABLE,
                        null,
                        "cannot copy the engine and the scenario: " + copied.errors());
            }
        }
        return finish(state, engine(state.remoteDir(), resume ? resumeArguments(state) : runArguments(state)));
    }

    /** Stops the host's run: its remote fsflow tears down and exits 3; a probe or copy just ends. */
    @Override
    public void stop() {
        stopped = true;
        RemoteProcess p = current;
        if (p != null) {
            if (engineRunning) {
                p.closeInput();
            } else {
                p.destroy();
            }
        }
    }

    private String probe() {
        List<String> tools = List.of("losetup", "mount", "umount", "mkfs");
        RemoteProcess.Outcome o = capture(RemoteCommands.probe(tools));
        if (!o.ok()) {
            return o.exitCode() == RemoteProcess.Outcome.SSH_FAILED
                    ? "ssh " + host.destination() + " failed: " + o.errors()
                    : "the probe failed (exit " + o.exitCode() + "): " + o.errors();
        }
        List<String> lines = captured;
        if (lines.size() < 2 || !lines.get(0).equals("0")) {
            return "fsflow runs as root there, but ssh " + host.destination() + " logs in as uid "
                    + (lines.isEmpty() ? "?" : lines.get(0));
        }
        if (RemoteCommands.javaMajor(lines.get(1)) < RemoteCommands.JAVA_MAJOR) {
            return "needs Java " + RemoteCommands.JAVA_MAJOR + " or later there, found: " + lines.get(1)
                    + " (apt-get install openjdk-17-jre-headless)";
        }
        List<String> missing = lines.subList(2, lines.size());
        return missing.isEmpty() ? null : "lacks: " + String.join(", ", missing);
    }

    private List<String> runArguments(HostState state) {
        String dir = state.remoteDir();
        List<String> a = new ArrayList<>(List.of(
                "run",
                launch.scenario().getFileName().toString(),
                "--out",
                dir + "/" + RemoteCommands.OUT,
                "--work",
                dir + "/" + RemoteCommands.WORK));
        a.addAll(launch.options());
        state.sets().forEach(s -> a.addAll(List.of("--set", s)));
        return a;
    }

    private List<String> resumeArguments(HostState state) {
        say.accept("resuming " + state.remoteDir() + "/" + RemoteCommands.OUT);
        return List.of("resume", state.remoteDir() + "/" + RemoteCommands.OUT);
    }

    private RemoteProcess.Outcome engine(String dir, List<String> arguments) {
        RemoteProcess p = RemoteProcess.start(ssh.run(host.destination(), RemoteCommands.engine(dir, arguments)), say);
        current = p;
        engineRunning = true;
        if (stopped) {
            p.closeInput();
        }
        p.output(say);
        RemoteProcess.Outcome o = p.await();
        engineRunning = false;
        current = null;
        return o;
    }

    private HostState finish(HostState state, RemoteProcess.Outcome o) {
        if (o.exitCode() == RemoteProcess.Outcome.SSH_FAILED || o.exitCode() < 0) {
            fetch(state.remoteDir());
            return state.with(
                    Status.LOST,
                    null,
                    "connection lost during the run: " + o.errors()
                            + " (its results stay on the host: fsflow resume continues it)");
        }
        String fetched = fetch(state.remoteDir());
        if (fetched != null) {
            return state.with(Status.LOST, o.exitCode(), "cannot fetch its results: " + fetched);
        }
        HostState end = HostJob.ended(state, o.exitCode(), o.errors(), stopped);
        if (end.status() == Status.DONE) {
            capture(RemoteCommands.remove(state.remoteDir()));
        }
        return end;
    }

    /** Fetches the remote output directory into {@code local}, replacing an older copy; null when done. */
    private String fetch(String dir) {
        Path incoming = local.resolveSibling("." + local.getFileName() + ".incoming");
        try {
            Files.createDirectories(local.getParent());
            Trees.delete(incoming);
            RemoteProcess.Outcome o = RemoteProcess.run(
                    ssh.download(host.destination(), dir + "/" + RemoteCommands.OUT, incoming), line -> {});
            if (!o.ok()) {
                Trees.delete(incoming);
                return o.errors();
            }
            Trees.delete(local);
            Files.move(incoming, local);
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the results of " + host.name() + " in " + local, e);
        }
    }

    private List<String> captured = List.of();
    private String lastLine;

    private boolean ok(String command) {
        return capture(command).ok();
    }

    private RemoteProcess.Outcome capture(String command) {
        List<String> lines = new ArrayList<>();
        RemoteProcess.Outcome o = step(ssh.run(host.destination(), command), lines::add);
        captured = lines;
        lastLine = lines.isEmpty() ? null : lines.get(lines.size() - 1);
        return o;
    }

    private RemoteProcess.Outcome step(List<String> command) {
        return step(command, line -> {});
    }

    private RemoteProcess.Outcome step(List<String> command, Consumer<String> lines) {
        if (stopped) {
            return new RemoteProcess.Outcome(-1, "interrupted");
        }
        RemoteProcess p = RemoteProcess.start(command, line -> {});
        current = p;
        p.output(lines);
        RemoteProcess.Outcome o = p.await();
        current = null;
        return o;
    }
}
