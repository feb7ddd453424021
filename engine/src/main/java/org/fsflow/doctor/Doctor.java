package org.fsflow.doctor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsflow.device.CellSupport;
import org.fsflow.device.Packages;
import org.fsflow.host.RunFailure;
import org.fsflow.lang.ByteSize;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.run.WorkPlaces;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;
import org.fsflow.vm.Accelerators;
import org.fsflow.vm.VmUnits;

/**
 * Examines a planned campaign against this host and changes nothing: which cells run and which are
 * skipped (with the runner's own check, {@link CellSupport}), what disk and memory it needs, and
 * how long it should take when an earlier run of the scenario exists.
 */
public final class Doctor {

    /** The fsflow JVM's heap limit, as the launcher sets it: memory the campaign takes from the host. */
    static final long HEAP_BYTES = 512L << 20;

    /** What the doctor reads of the host; a fake one makes verdicts testable anywhere. */
    public interface Host {
        /** Why a filesystem cannot run here, or null ({@code Capabilities::missing} on a real host). */
        String missing(Filesystem fs);

        /** Free bytes of the filesystem that holds {@code path} (or its nearest existing parent). */
        long freeBytes(Path path);

        /** MemAvailable of /proc/meminfo, in bytes. */
        long memAvailableBytes();

        /** Why the scenario's devices are refused (the runner's own check), or null. */
        String deviceRefusal(Scenario scenario);

        /** The accelerator guests get here, by the run's own rule, with earlier probes' verdicts under {@code cache}. */
        Accelerators.Verdict accelerator(Path cache);

        /** The speeds of the disk under {@code work} as a run measured them, or null (none, or a fake host). */
        default DiskSpeeds diskSpeeds(Path work) {
            return null;
        }

        /** True when {@code program} is on this host's PATH (guests run the host's copy too). */
        default boolean hasProgram(String program) {
            return org.fsflow.device.Capabilities.which(program) != null;
        }
    }

    private Doctor() {}

    /** Examines {@code plan} (at its scenario's scales); earlier runs are looked for in {@code reports}. */
    public static Diagnosis examine(Plan plan, Host host, Path reports) {
        Scenario s = plan.scenario();
        Scales scale = s.scaling().scales();
        List<String> problems = new ArrayList<>();
        String refusal = host.deviceRefusal(s);
        if (refusal != null) {
            problems.add(refusal + "; fix: name a spare device (block: /dev/..., destroy: true) or use a loop device");
        }
        try {
            WorkPlaces.check(plan);
        } catch (RunFailure e) {
            problems.add(e.getMessage());
        }
        Packages.missingPrograms(s, host::hasProgram)
                .forEach(m -> problems.add(m + "; fix: fsflow setup SCENARIO installs it"));
        org.fsflow.device.CommandWords.missingUnknownPrograms(s, host::hasProgram)
                .forEach(m -> problems.add(m + "; fix: install it, or correct the step's command"));
        Accelerators.Verdict accel = host.accelerator(VmUnits.kernelCache(plan.layout()));
        List<Diagnosis.CellVerdict> verdicts =
                plan.cells().stream().map(c -> verdict(s, c, host, accel)).toList();
        Optional<Path> previous = EarlierRuns.latest(reports, s.name(), scale);
        Optional<Extrapolation> earlier = previous.map(p -> Extrapolation.of(p, EarlierRuns.scalesOf(p), s));
        List<Cell> running = plan.cells().stream()
                .filter(c ->
                        verdicts.stream().anyMatch(v -> v.runs() && v.cell().equals(c.id())))
                .toList();
        int steps = (int) s.steps().size();
        return new Diagnosis(
                s.name(),
                verdicts,
                steps,
                s.repeat().min(),
                problems,
                PlaceForecast.lines(s, running, accel, earlier, previous),
                resources(plan, host, earlier),
                estimate(plan, verdicts, previous, earlier).orElse(null),
                earlier.isPresent()
                        ? null
                        : rough(plan, verdicts, host.diskSpeeds(plan.layout().work())));
    }

    // the cells doctor found cannot run here: their steps count in no estimate
    private static List<String> skippedCells(List<Diagnosis.CellVerdict> verdicts) {
        return verdicts.stream()
                .filter(v -> !v.runs())
                .map(Diagnosis.CellVerdict::cell)
                .toList();
    }

    /**
     * Without an earlier run: the time-based fio jobs of the steps that will run, at their runtime, and,
     * when the disk under the work directory has a baseline ({@code speeds}), the fio jobs of a known size
     * and the copies of a dataset a step verifies, at its speeds.
     */
    static Diagnosis.Rough rough(Plan plan, List<Diagnosis.CellVerdict> verdicts, DiskSpeeds speeds) {
        List<String> skipped = skippedCells(verdicts);
        double seconds = 0;
        long timed = 0;
        long sized = 0;
        long total = 0;
        for (PlanNode n : plan.nodes()) {
            if (!n.measured() || skipped.contains(n.cell().id())) {
                continue;
            }
            total++;
            FioJobs fio = FioJobs.of(n.step());
            if (fio.timeBased()) {
                timed++;
                seconds += fio.seconds();
            } else if (speeds != null && !fio.transfers().isEmpty()) {
                sized++;
                seconds += fio.transfers().stream().mapToDouble(speeds::seconds).sum();
            } else if (speeds != null && n.step().verify() != null && n.step().expectedBytes() != null) {
                sized++;
                seconds += speeds.copySeconds(n.step().expectedBytes());
            }
        }
        return new Diagnosis.Rough(seconds, timed, sized, total, speeds);
    }

    private static Diagnosis.CellVerdict verdict(Scenario s, Cell cell, Host host, Accelerators.Verdict accel) {
        // a cell under another kernel runs in a VM: the host's kernel support does not apply
        String why = s.kernelOf(cell.coordinates()).isHost() ? CellSupport.cannotRun(s, cell, host::missing) : null;
        String place = PlaceForecast.place(s, cell, accel);
        if (why == null) {
            return new Diagnosis.CellVerdict(cell.id(), null, null, place);
        }
        return new Diagnosis.CellVerdict(cell.id(), why, fix(CellSupport.filesystem(s, cell), why), place);
    }

    /** What makes a skipped cell run, from the kind of reason {@code Capabilities} gave. */
    static String fix(Filesystem fs, String why) {
        if (why.contains("root")) {
            return "run fsflow as root (sudo)";
        }
        if (why.contains("kernel")) {
            return "a kernel with " + (fs.lifecycle() != null ? fs.lifecycle().kernel() : fs.type())
                    + " support (this host's kernel has none, and no module loads)";
        }
        List<String> packages = Packages.names(Packages.forFilesystem(fs, k -> true));
        return packages.isEmpty()
                ? "install the missing program"
                : "fsflow setup SCENARIO (installs " + String.join(" ", packages) + ")";
    }

    private static List<Diagnosis.Resource> resources(Plan plan, Host host, Optional<Extrapolation> earlier) {
        Scenario s = plan.scenario();
        Path work = plan.layout().work();
        Footprint disk = Footprint.of(plan, earlier);
        long tmpfs = s.devices().values().stream()
                .filter(d -> d instanceof Device.Tmpfs)
                .mapToLong(d -> ((Device.Tmpfs) d).sizeBytes())
                .sum();
        List<Diagnosis.Resource> out = new ArrayList<>();
        out.add(new Diagnosis.Resource(
                "disk", "work directory " + work, disk.bytes(), host.freeBytes(work), disk.detail()));
        out.add(new Diagnosis.Resource(
                "memory",
                "RAM (MemAvailable)",
                HEAP_BYTES + tmpfs,
                host.memAvailableBytes(),
                "fsflow's heap " + ByteSize.format(HEAP_BYTES)
                        + (tmpfs > 0 ? ", tmpfs devices " + ByteSize.format(tmpfs) : "")));
        return out;
    }

    /** The expected duration of the steps that will run, carried over from {@code earlier}. */
    static Optional<Diagnosis.Estimate> estimate(
            Plan plan, List<Diagnosis.CellVerdict> verdicts, Optional<Path> previous, Optional<Extrapolation> earlier) {
        if (earlier.isEmpty()) {
            return Optional.empty();
        }
        List<String> skipped = skippedCells(verdicts);
        RoundsForecast rounds = RoundsForecast.of(
                        plan.scenario(),
                        plan.cells().stream()
                                .filter(c -> !skipped.contains(c.id()))
                                .toList(),
                        previous.get())
                .orElse(null);
        double seconds = 0;
        double around = 0;
        double runs = 0;
        double planned = 0; // the planned repetitions' steps and time around them, which run whatever the budget
        long matched = 0;
        long total = 0;
        java.util.Set<String> guestUnits = new java.util.HashSet<>();
        long boots = 0;
        String previousCell = null;
        for (PlanNode n : plan.nodes()) {
            if (!n.measured() || skipped.contains(n.cell().id())) {
                continue;
            }
            total++;
            double times = rounds == null ? 1 : rounds.factor(n.cell()); // its cell's expected repetitions
            runs += times;
            planned += earlier.get().seconds(n) + earlier.get().aroundSeconds(n);
            seconds += times * earlier.get().seconds(n);
            around += times * earlier.get().aroundSeconds(n);
            matched += earlier.get().knows(n) ? 1 : 0;
            if (!plan.scenario().kernelOf(n.cell().coordinates()).isHost()
                    && guestUnits.add(n.cell().id() + "/r" + n.repeat())
                    && !n.cell().id().equals(previousCell)) {
                boots++; // after another cell's steps: a VM's boot, or a new cell in the running guest
            }
            previousCell = n.cell().id();
        }
        UnmeasuredTime then = earlier.get().unmeasured();
        double share = rounds == null ? 1 : rounds.budgetShare(seconds + around, planned);
        seconds *= share;
        around *= share;
        runs *= share;
        return Optional.of(new Diagnosis.Estimate(
                previous.get(),
                EarlierRuns.scalesOf(previous.get()),
                seconds,
                matched,
                total,
                earlier.get().basis(),
                new Diagnosis.GuestStarts(boots, guestUnits.size() - boots, then.guestBoot(), then.guestNext()),
                around,
                PhaseForecast.of(previous.get(), Math.round(runs)).orElse(null),
                rounds == null ? null : rounds.line(share)));
    }

    /** This machine: {@link org.fsflow.device.Capabilities}, the file store, /proc/meminfo. */
    public static Host system() {
        return new SystemHost();
    }
}
