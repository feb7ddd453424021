package org.fsflow.plan;

import java.time.Duration;
import java.util.List;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.MemoryBudget;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;
import org.fsflow.scenario.Template;

/**
 * Decides, at plan time, everything about one measured step of one cell repetition: its commands
 * with the cell's values, its limits and error policy, its memory budget in bytes, what it flushes
 * and verifies, and where it runs. The result, a {@link ResolvedStep}, is what every place runs.
 */
public final class StepResolver {

    private StepResolver() {}

    /**
     * {@code step} of the cell repetition of {@code b} ({@code b} for this step), in {@code at}: the
     * scenario as the cell runs it, at its place's scale ({@link Scenario#forCell}).
     */
    public static ResolvedStep resolve(Scenario at, Bindings b, Step step) {
        Cell cell = b.cell();
        String deviceName = step.device() != null ? step.device() : Scenario.TARGET;
        // an aged cell's mkfs is not run: its aged image is written into the device instead
        boolean aged = AgedMkfs.replaces(at, cell, step.action(), deviceName);
        StepCommand cmd = StepCommand.of(step, b);
        cmd = aged ? StepCommand.skip(cmd.display(), AgedMkfs.REASON) : cmd;
        Device device = at.devices().get(deviceName);
        Filesystem fs = device == null ? null : StepCommand.filesystem(at, device, cell);
        ResolvedStep.Place place = place(at.kernelOf(cell.coordinates()));
        // a guest's disks are fresh sparse images, unless the guest is reused (vm: reuse): then its
        // disks hold what the previous cell repetition wrote, released in the guest as on the host
        boolean fresh = place.guest() && !at.vm().reuse();
        List<String> release = fresh || aged ? null : Release.beforeMkfs(at, step, b);
        Duration timeout = step.timeout() != null ? step.timeout() : at.timeout();
        return new ResolvedStep(
                step.name(),
                step.action(),
                step.action() == Step.Action.CAPACITY ? "capacity" : step.parse(),
                step.figures(),
                new ResolvedStep.Target(
                        deviceName,
                        device == null ? null : b.value(deviceName + ".mnt"), // computed once per cell
                        fs == null ? null : fs.name()),
                line(cmd.argv(), cmd.display()),
                cmd.skipReason(),
                before(step, b, deviceName),
                release == null ? null : new ResolvedStep.Line(release, String.join(" ", release), false),
                line(step.after(), b),
                step.dropCaches(),
                step.flush(),
                verify(at, step, b),
                MemoryBudget.of(at, cell.coordinates(), step).effectiveBytes(),
                timeout,
                step.onError() != null ? step.onError() : at.onError(),
                expectedBytes(at, step, cell),
                lifecycle(step, fs, b),
                place,
                at.scale());
    }

    /** Where a cell under {@code kernel} runs. */
    public static ResolvedStep.Place place(KernelSpec kernel) {
        return kernel.isHost() ? ResolvedStep.Place.HOST : new ResolvedStep.Place(kernel.name(), "vm");
    }

    // a command as argv and text; text is argv's third word exactly when it runs through sh -c
    private static ResolvedStep.Line line(List<String> argv, String text) {
        boolean shell = argv != null
                && argv.size() == 3
                && argv.get(0).equals("sh")
                && argv.get(1).equals("-c")
                && argv.get(2).equals(text);
        return new ResolvedStep.Line(argv, text, shell);
    }

    // before: and, with remount: true, the device's umount and mount after it, as one sh -c line
    private static ResolvedStep.Line before(Step step, Bindings b, String deviceName) {
        ResolvedStep.Line own = line(step.before(), b);
        if (!step.remount()) {
            return own;
        }
        List<String> parts = new java.util.ArrayList<>();
        if (own != null) {
            parts.add(own.shell() ? own.text() : Shell.join(own.argv()));
        }
        for (Step.Action a : List.of(Step.Action.UMOUNT, Step.Action.MOUNT)) {
            Step action = new Step(
                    a.keyword(),
                    a,
                    deviceName,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    false,
                    false,
                    false,
                    null,
                    null,
                    null,
                    step.where());
            StepCommand cmd = StepCommand.of(action, b);
            if (cmd.skipped()) {
                return own;
            }
            parts.add(Shell.join(cmd.argv()));
        }
        String text = String.join(" && ", parts);
        return new ResolvedStep.Line(List.of("sh", "-c", text), text, true);
    }

    private static ResolvedStep.Line line(Command command, Bindings b) {
        if (command == null) {
            return null;
        }
        List<String> argv = b.argv(command);
        return new ResolvedStep.Line(argv, Bindings.display(command, argv), command.shell());
    }

    // verify: the named dataset's copy, else the cell's dataset's
    private static ResolvedStep.Verify verify(Scenario at, Step step, Bindings b) {
        if (step.verify() == null) {
            return null;
        }
        String dataset = step.verifyDataset() != null
                ? step.verifyDataset().name()
                : b.cell().dataset();
        String source = dataset == null
                ? null
                : step.verifyDataset() != null ? b.value("datasets." + dataset + ".path") : b.value("dataset.path");
        return new ResolvedStep.Verify(dataset, source, b.argv(step.verify()).get(0));
    }

    // the bytes of the dataset the step verifies, else of the first one its command names
    private static Long expectedBytes(Scenario at, Step step, Cell cell) {
        String name = step.verify() == null
                ? null
                : step.verifyDataset() != null ? step.verifyDataset().name() : cell.dataset();
        if (name == null && step.run() != null) {
            name = step.run().parts().stream()
                    .flatMap(t -> t.variables().stream())
                    .map(Template.Variable::name)
                    .map(v -> v.startsWith("dataset.")
                            ? cell.dataset()
                            : v.startsWith("datasets.") ? v.substring(9, Math.max(9, v.indexOf('.', 9))) : null)
                    .filter(n -> n != null && at.datasets().containsKey(n))
                    .findFirst()
                    .orElse(null);
        }
        Dataset d = name == null ? null : at.datasets().get(name);
        return d == null || d.existing() != null ? null : d.expectedBytes();
    }

    private static ResolvedStep.Lifecycle lifecycle(Step step, Filesystem fs, Bindings b) {
        if (fs == null || fs.lifecycle() == null) {
            return null;
        }
        ResolvedStep.Line destroy =
                step.action() == Step.Action.MKFS ? line(fs.lifecycle().destroy(), b) : null;
        Filesystem.Service service = fs.lifecycle().service();
        ResolvedStep.Line check = service == null ? null : line(service.check(), b);
        return destroy == null && check == null ? null : new ResolvedStep.Lifecycle(destroy, check);
    }

    /**
     * The plan node of {@code step}: its id, its dependencies, and how it reads in a printed plan
     * (a skipped step says why; the release before a mkfs reads as part of its {@code (before)};
     * an aged cell's mkfs says what runs instead, {@link AgedMkfs}).
     */
    static PlanNode node(Scenario at, String id, Cell cell, int repeat, ResolvedStep step, List<String> deps) {
        boolean aged = AgedMkfs.replaces(at, cell, step);
        String command = aged
                ? AgedMkfs.command(cell, step)
                : step.skipped()
                        ? step.command().text() + "  # skipped: " + step.skipReason()
                        : step.command().text();
        String before = aged || step.before() == null ? null : step.before().text();
        if (!aged && step.release() != null) {
            before = (before == null ? "" : before + "; ") + step.release().text();
        }
        String after = aged || step.after() == null ? null : step.after().text();
        return new PlanNode(
                id, PlanNode.Kind.STEP, cell, repeat, step, null, command, before, after, deps, step.scale());
    }
}
