package org.fsflow.plan;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * One measured step of one cell repetition as the planner decided it: everything a place needs to
 * run it, and nothing it must look up again in the scenario. {@code fsflow plan --format json}
 * prints these fields; {@code run} executes them.
 *
 * <p>One kind of value is known only at run time and stays a placeholder until then: the node of
 * a device without a fixed path, {@code ${DEVICE.dev}} (a loop device's {@code /dev/loopN} on the
 * host, a virtio disk's {@code /dev/vdX} in a guest). A place replaces them with {@link #bind}
 * before it runs the step. Mount points, dataset paths, sizes and every other variable are
 * already substituted.
 *
 * @param name          the step's name
 * @param action        the built-in action, or null for a {@code run:} step
 * @param parser        the parser of its output ({@code parse:}, {@code capacity} for the capacity
 *                      action), or null
 * @param figures       the scenario's own figures of its output ({@code parse:} as a mapping), or null
 * @param target        the device it works on, its mount point and its filesystem in the cell
 * @param command       the measured command; its argv is null when the step is skipped
 * @param skipReason    why the step cannot run (mkfs on a directory device), or null
 * @param before        {@code before:}, run unmeasured first, or null
 * @param release       the release of a loop device's blocks before a mkfs ({@link Release}),
 *                      unmeasured after {@code before:}, or null
 * @param after         {@code after:}, run unmeasured afterwards, or null
 * @param dropCaches    sync, then drop the page cache, dentries and inodes, unmeasured, just before the command
 * @param flush         sync the target's filesystem inside the measured interval ({@code flush: true})
 * @param verify        the copy the step must have made, checked unmeasured afterwards, or null
 * @param memoryBytes   the memory budget the command runs under, in bytes (scaled, floored), or -1
 * @param timeout       the step's time limit (its own, else the scenario's), or null for none
 * @param onError       what a failure does to the rest of the campaign (its own, else the scenario's)
 * @param expectedBytes the bytes of the dataset the step names (its {@code verify:}'s, else the one
 *                      its command reads), or null when it names none or its size is unknown
 * @param lifecycle     what the target filesystem's lifecycle adds to this step, or null
 * @param place         where the step runs
 * @param scale         the {@code --scale} of its place
 */
public record ResolvedStep(
        String name,
        Step.Action action,
        String parser,
        org.fsflow.scenario.CustomParse figures,
        Target target,
        Line command,
        String skipReason,
        Line before,
        Line release,
        Line after,
        boolean dropCaches,
        boolean flush,
        Verify verify,
        long memoryBytes,
        Duration timeout,
        Scenario.OnError onError,
        Long expectedBytes,
        Lifecycle lifecycle,
        Place place,
        double scale) {

    /**
     * A command as it runs and as it reads.
     *
     * @param argv  the argument vector ({@code sh -c TEXT} for a shell string), or null when skipped
     * @param text  how it reads in plans and results: the shell text, or the quoted argument list
     * @param shell true when {@code argv} is {@code sh -c text}
     */
    public record Line(List<String> argv, String text, boolean shell) {

        /** This line with the run-time device nodes of {@code nodes} (device name to node) put in. */
        public Line bind(Map<String, String> nodes) {
            if (argv == null) {
                return this;
            }
            List<String> bound = argv.stream().map(a -> withNodes(a, nodes)).toList();
            return new Line(bound, shell ? bound.get(2) : Shell.join(bound), shell);
        }
    }

    /**
     * The device a step works on.
     *
     * @param device     its name ({@code target} unless the step says otherwise)
     * @param mountPoint where it is mounted (a directory device's own path)
     * @param filesystem the name of the filesystem it holds in the cell, or null
     */
    public record Target(String device, String mountPoint, String filesystem) {}

    /**
     * A step's {@code verify:}.
     *
     * @param dataset the dataset the copy must equal (the cell's, or the one named), or null
     * @param source  that dataset's directory at the step's scale, or null
     * @param copy    the copy the step made
     */
    public record Verify(String dataset, String source, String copy) {}

    /**
     * What a filesystem with a {@code lifecycle:} adds to a step on it.
     *
     * @param destroy      after its mkfs: what undoes it if the cell stops (the lifecycle's
     *                     {@code destroy:}), or null
     * @param serviceCheck the check of its service, which says whether a failed step's service died,
     *                     or null
     */
    public record Lifecycle(Line destroy, Line serviceCheck) {}

    /**
     * Where a step runs.
     *
     * @param kernel {@code host}, or the name of the kernel under {@code kernels:} whose guest runs it
     * @param virt   {@code host}, or {@code vm}: a QEMU guest, under KVM or TCG as a boot probe decides
     *               at run time ({@code FSFLOW_VM_ACCEL})
     */
    public record Place(String kernel, String virt) {

        /** The host, under its own kernel. */
        public static final Place HOST = new Place("host", "host");

        /** True for a guest. */
        public boolean guest() {
            return !virt.equals(HOST.virt);
        }
    }

    /** True when the step will not run, with {@link #skipReason()} saying why. */
    public boolean skipped() {
        return skipReason != null;
    }

    /** The mount point synced inside the measured interval, or null without {@code flush: true}. */
    public String flushTarget() {
        return flush ? target.mountPoint() : null;
    }

    /** This step with the run-time device nodes of {@code nodes} (device name to node) put in. */
    public ResolvedStep bind(Map<String, String> nodes) {
        return new ResolvedStep(
                name,
                action,
                parser,
                figures,
                target,
                command.bind(nodes),
                skipReason,
                bind(before, nodes),
                bind(release, nodes),
                bind(after, nodes),
                dropCaches,
                flush,
                verify,
                memoryBytes,
                timeout,
                onError,
                expectedBytes,
                lifecycle == null
                        ? null
                        : new Lifecycle(bind(lifecycle.destroy(), nodes), bind(lifecycle.serviceCheck(), nodes)),
                place,
                scale);
    }

    private static Line bind(Line line, Map<String, String> nodes) {
        return line == null ? null : line.bind(nodes);
    }

    // a device node is a plain path (/dev/loop3, /dev/vdb), the same word quoted or not
    private static String withNodes(String s, Map<String, String> nodes) {
        if (!s.contains("${")) {
            return s;
        }
        String out = s;
        for (Map.Entry<String, String> e : nodes.entrySet()) {
            out = out.replace("${" + e.getKey() + ".dev}", e.getValue());
        }
        return out;
    }
}
