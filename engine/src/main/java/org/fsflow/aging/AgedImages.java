package org.fsflow.aging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.fsflow.dataset.Ager;
import org.fsflow.dataset.Settle;
import org.fsflow.device.Capabilities;
import org.fsflow.place.Commands;
import org.fsflow.place.Resource;
import org.fsflow.place.Teardown;
import org.fsflow.plan.AgedMkfs;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Layout;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.StepCommand;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;
import org.fsflow.scenario.Aging;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * The aged images of a campaign, one per aged cell, in {@code WORK/aged/}: made once (mkfs with a
 * UUID and hash seed fixed by the aging's seed, mount, the {@link Ager} pinned to one CPU, the
 * state measured by {@link AgedState}, umount, the device copied sparse into the image), then
 * written into the device before each repetition in place of the cell's mkfs. The record beside
 * the image is written last, atomically: an image without it (a run interrupted while aging) is
 * never used, and {@code resume} ages that cell again from mkfs.
 */
public final class AgedImages {

    private static final Duration LIMIT = Duration.ofHours(2);

    private final Scenario scenario;
    private final Layout layout;
    private final Teardown teardown;
    private final Consumer<String> info;
    private org.fsflow.place.PhaseLog phases = org.fsflow.place.PhaseLog.NONE;
    private String place = "host";

    public AgedImages(Scenario scenario, Layout layout, Teardown teardown, Consumer<String> info) {
        this.scenario = scenario;
        this.layout = layout;
        this.teardown = teardown;
        this.info = info;
    }

    /** Records each aging, as an image built at {@code where}, in {@code log}. */
    public void record(org.fsflow.place.PhaseLog log, String where) {
        this.phases = log;
        this.place = where;
    }

    /** True when node {@code n} is the mkfs of the aged device in an aged cell: the aged image replaces it. */
    public boolean replacesMkfs(PlanNode n) {
        return n.cell() != null && AgedMkfs.replaces(scenario, n.cell(), n.step());
    }

    /**
     * Makes sure the aged image of {@code cell} exists (ages it when not); returns null, or why the
     * cell cannot run. Throws {@link Ager.Stopped} when {@code stop} turned true during the aging.
     */
    public String ensure(Cell cell, Bindings b, BooleanSupplier stop) throws Ager.Stopped {
        if (!Aging.aged(cell.coordinates())) {
            return null;
        }
        Path image = image(cell);
        Path record = record(cell);
        String spec = spec(b);
        AgingRecord kept = read(record);
        if (kept != null && kept.spec().equals(spec) && Files.exists(image)) {
            AgingRecord.save(layout.out(), kept);
            return null;
        }
        try {
            Files.deleteIfExists(record);
            Files.deleteIfExists(image);
            Files.createDirectories(image.getParent());
            info.accept("aging " + cell.id() + " (seed " + scenario.aging().seedOf(scenario) + ", once for all its"
                    + " repetitions; not measured as a step)");
            java.time.Instant start = java.time.Instant.now();
            AgingRecord made = age(cell, b, spec, stop);
            phases.record(org.fsflow.result.Phase.IMAGES, place, cell.id(), start, java.time.Instant.now());
            AtomicFile.writeString(record, Json.MAPPER.writeValueAsString(made));
            AgingRecord.save(layout.out(), made);
            info.accept("aged " + cell.id() + " in " + String.format(java.util.Locale.ROOT, "%.1f", made.agingS())
                    + " s: " + made.files() + " files, " + made.extentsPerFile() + " extents per file, fingerprint "
                    + made.fingerprint().substring(0, 12));
            return null;
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            return "aging failed: " + e.getMessage();
        }
    }

    /** Writes the aged image into the device (its blocks released first); returns null or what failed. */
    public String restore(Cell cell, Bindings b) {
        String dev = b.value(scenario.aging().device() + ".dev");
        Commands.Result r = Commands.run(List.of("blkdiscard", "-f", dev), LIMIT);
        if (r.ok()) {
            r = Commands.run(
                    List.of(
                            "dd",
                            "if=" + image(cell),
                            "of=" + dev,
                            "bs=4M",
                            "conv=sparse,fsync",
                            "oflag=direct",
                            "status=none"),
                    LIMIT);
        }
        return r.ok() ? null : "could not write the aged image into " + dev + ": " + r.message();
    }

    private AgingRecord age(Cell cell, Bindings b, String spec, BooleanSupplier stop) throws IOException, Ager.Stopped {
        Aging a = scenario.aging();
        String dev = b.value(a.device() + ".dev");
        Path mnt = layout.mountPoint(scenario.devices().get(a.device()));
        Filesystem fs = StepCommand.filesystem(scenario, scenario.devices().get(a.device()), cell);
        long seed = a.seedOf(scenario);
        must(Commands.run(List.of("blkdiscard", "-f", dev), LIMIT), "blkdiscard");
        must(Commands.run(AgingCommands.mkfs(command(Step.Action.MKFS, b), fs.type(), seed), LIMIT), "mkfs");
        Resource mount = Resource.mount(mnt.toString(), Resource.UNIT);
        teardown.register(mount);
        must(Commands.run(AgingCommands.mount(command(Step.Action.MOUNT, b), fs.type()), LIMIT), "mount");
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        Ager.Result done;
        String mask = AgingCommands.pin(a.cpu());
        try (Settle settle = AgingCommands.settle(fs.type(), mnt)) {
            done = Ager.age(a, mnt, seed, settle, stop);
        } finally {
            AgingCommands.unpin(mask);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        AgedState.Measured state = AgedState.measure(mnt, dev, fs.type(), () -> {
            must(Commands.run(List.of("umount", mnt.toString()), LIMIT), "umount");
            teardown.forget(mount);
        });
        Path image = image(cell);
        Path tmp = image.resolveSibling(image.getFileName() + ".tmp");
        must(
                Commands.run(
                        List.of(
                                "dd",
                                "if=" + dev,
                                "of=" + tmp,
                                "bs=4M",
                                "conv=sparse,fsync",
                                "iflag=direct",
                                "status=none"),
                        LIMIT),
                "copy the aged device");
        Files.move(tmp, image, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        AtomicFile.writeString(
                image.resolveSibling(image.getFileName().toString().replace(".img", ".state")), state.state());
        return AgingCommands.record(
                cell, seed, spec, started, seconds, done, state, AgedState.sha256(image), image, fs.type());
    }

    private static void must(Commands.Result r, String what) {
        if (!r.ok()) {
            throw new IllegalStateException(what + ": " + r.message());
        }
    }

    // the cell's own mkfs or mount command, as its step would run it
    private List<String> command(Step.Action action, Bindings b) {
        Step step = scenario.steps().stream()
                .filter(s -> s.action() == action && scenario.aging().device().equals(s.device()))
                .findFirst()
                .orElseThrow();
        return new ArrayList<>(StepCommand.of(step, b.forStep(step.name())).argv());
    }

    // what makes two aged images the same: the aging, the commands that make and mount it, the device's size
    private String spec(Bindings b) {
        Aging a = scenario.aging();
        return "aging " + a.fullness() + " " + a.rounds() + " " + new java.util.TreeMap<>(a.mix()) + " " + a.size()
                + " dirs " + a.dirs() + " cpu " + a.cpu() + " seed " + a.seedOf(scenario) + "; mkfs "
                + String.join(" ", command(Step.Action.MKFS, b)) + "; mount "
                + String.join(" ", command(Step.Action.MOUNT, b)) + "; device "
                + ((org.fsflow.scenario.Device.Loop) scenario.devices().get(a.device())).sizeBytes() + "; kernel "
                + Capabilities.kernelRelease();
    }

    private Path image(Cell cell) {
        return layout.work().resolve("aged").resolve(cell.id().replace('/', '_') + ".img");
    }

    private Path record(Cell cell) {
        return layout.work().resolve("aged").resolve(cell.id().replace('/', '_') + ".json");
    }

    private static AgingRecord read(Path record) {
        try {
            return Files.exists(record) ? Json.MAPPER.readValue(record.toFile(), AgingRecord.class) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
