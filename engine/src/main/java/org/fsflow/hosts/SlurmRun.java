package org.fsflow.hosts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fsflow.hosts.HostState.Status;

/**
 * One node's part of a campaign as a Slurm job: {@code srun --exclusive -N1 -w NODE} runs the
 * engine jar there, writing straight into {@code OUT/hosts/NODE/} (Slurm clusters share their
 * file systems: the jar, the scenario and OUT must be on one that the nodes see). The job's first
 * line names its id and node, which are recorded. Stopping sends srun SIGTERM, which Slurm passes
 * on to the engine: it ends its step, tears down and exits 3.
 */
final class SlurmRun implements HostJob {

    /** The line the job prints first, then its job id and node name. */
    static final String MARK = "fsflow-slurm:";

    private final Inventory.Host host;
    private final String partition;
    private final Launch launch;
    private final Path local;
    private final Consumer<String> say;
    private final Consumer<HostState> record;
    private volatile RemoteProcess srun;
    private volatile boolean stopped;

    SlurmRun(
            Inventory.Host host,
            String partition,
            Launch launch,
            Path local,
            Consumer<String> say,
            Consumer<HostState> record) {
        this.host = host;
        this.partition = partition;
        this.launch = launch;
        this.local = local.toAbsolutePath();
        this.say = say;
        this.record = record;
    }

    @Override
    public HostState run(HostState start) {
        if (stopped) {
            return start.with(Status.INTERRUPTED, null, "interrupted before its job was submitted");
        }
        boolean resume = Files.exists(local.resolve("run.json"));
        RemoteProcess p = RemoteProcess.start(command(start, resume), say);
        srun = p;
        if (stopped) {
            p.destroy();
        }
        HostState[] state = {start};
        boolean[] started = {false};
        p.output(line -> {
            if (line.startsWith(MARK) && !started[0]) {
                started[0] = true;
                String[] f = line.substring(MARK.length()).trim().split(" ");
                state[0] = state[0].onJob(f[0], f.length > 1 ? f[1] : null);
                record.accept(state[0]);
                say.accept("Slurm job " + f[0] + " on node " + (f.length > 1 ? f[1] : "?"));
            } else {
                say.accept(line);
            }
        });
        RemoteProcess.Outcome o = p.await();
        srun = null;
        if (!started[0]) {
            return state[0].with(
                    stopped ? Status.INTERRUPTED : Status.UNREACHABLE,
                    null,
                    "srun could not start the job (exit " + o.exitCode() + "): " + o.errors());
        }
        return HostJob.ended(state[0], o.exitCode(), o.errors(), stopped);
    }

    @Override
    public void stop() {
        stopped = true;
        RemoteProcess p = srun;
        if (p != null) {
            p.destroy();
        }
    }

    private List<String> command(HostState state, boolean resume) {
        List<String> c = new ArrayList<>(List.of(
                "srun",
                "--exclusive",
                "-N1",
                "-n1",
                "-w",
                host.destination(),
                "-J",
                "fsflow-" + host.name(),
                "--unbuffered"));
        if (partition != null) {
            c.addAll(List.of("-p", partition));
        }
        c.addAll(List.of(
                "sh",
                "-c",
                "echo \"" + MARK + " $SLURM_JOB_ID $SLURMD_NODENAME\"; exec \"$@\"",
                "sh",
                "java",
                "-XX:+UseSerialGC",
                "-Xmx512m",
                "-jar",
                launch.jar().toAbsolutePath().toString()));
        if (resume) {
            c.addAll(List.of("resume", local.toString()));
        } else {
            c.addAll(List.of("run", launch.scenario().toAbsolutePath().toString(), "--out", local.toString()));
            c.addAll(launch.options());
            state.sets().forEach(s -> c.addAll(List.of("--set", s)));
        }
        return c;
    }
}
