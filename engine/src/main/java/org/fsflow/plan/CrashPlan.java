package org.fsflow.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.fsflow.scenario.Crash;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.FilesystemType;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;

/**
 * The crash cells of a scenario's {@code crash:} section, resolved: one per filesystem x workload,
 * in that order, each with the exact mkfs, mount options, check and repair it runs ({@code $DEV}
 * standing for the device in the guest) and the seed its drawn crash points come from.
 */
public final class CrashPlan {

    /**
     * One crash cell.
     *
     * @param filesystem   the filesystem's name in the scenario
     * @param type         its type
     * @param workload     the workload's name
     * @param script       the workload's shell text
     * @param kernel       the guests' kernel
     * @param mkfs         the mkfs command line
     * @param mountOptions the mount options, comma-separated, or empty
     * @param check        the check
     * @param repair       the repair
     * @param module       the filesystem's kernel module
     * @param points       barriers drawn besides the marks
     * @param seed         the draw's seed (the run's)
     * @param targetBytes  the target's size
     * @param logBytes     the log's size
     */
    public record Cell(
            String filesystem,
            String type,
            String workload,
            String script,
            KernelSpec kernel,
            String mkfs,
            String mountOptions,
            String check,
            String repair,
            String module,
            int points,
            long seed,
            long targetBytes,
            long logBytes) {

        /** The cell's id: {@code crash/FILESYSTEM/WORKLOAD}, the prefix of its points' node ids. */
        public String id() {
            return "crash/" + filesystem + "/" + workload;
        }
    }

    private CrashPlan() {}

    /** The crash cells of {@code s} (none without {@code crash:}), drawing from {@code seed}. */
    public static List<Cell> of(Scenario s, long seed) {
        Crash c = s.crash();
        List<Cell> out = new ArrayList<>();
        if (c == null) {
            return out;
        }
        KernelSpec kernel = s.kernels().get(c.kernel());
        for (String name : c.filesystems().keySet()) {
            Filesystem fs = s.filesystems().get(name);
            FilesystemType type = FilesystemType.of(fs.type());
            Crash.Tools tools = c.tools(name, fs.type());
            String mkfs = type.mkfs(fs.mkfsOptions(), "$DEV").stream()
                    .map(w -> w.equals("$DEV") ? w : Shell.quote(w))
                    .collect(Collectors.joining(" "));
            String mount = String.join(",", fs.mountOptions());
            c.workloads()
                    .forEach((w, script) -> out.add(new Cell(
                            name,
                            fs.type(),
                            w,
                            script,
                            kernel,
                            mkfs,
                            mount,
                            tools.check(),
                            tools.repair(),
                            type.kernelModule(),
                            c.points(),
                            seed,
                            c.targetBytes(),
                            c.logBytes())));
        }
        return out;
    }

    /** The crash cells of {@code plan} as the {@code crash} array of {@code plan --format json} (none: no field). */
    static void json(com.fasterxml.jackson.core.JsonGenerator g, Plan plan) throws java.io.IOException {
        List<Cell> cells = of(plan.scenario(), plan.seed());
        if (cells.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("crash");
        for (Cell c : cells) {
            g.writeStartObject();
            g.writeStringField("id", c.id());
            g.writeStringField("filesystem", c.filesystem());
            g.writeStringField("workload", c.workload());
            g.writeStringField("kernel", c.kernel().name());
            g.writeStringField("mkfs", c.mkfs());
            g.writeStringField("mount_options", c.mountOptions());
            g.writeStringField("check", c.check());
            g.writeStringField("repair", c.repair());
            g.writeNumberField("points", c.points());
            g.writeNumberField("seed", c.seed());
            g.writeNumberField("target_bytes", c.targetBytes());
            g.writeNumberField("log_bytes", c.logBytes());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The lines {@code plan} prints for them. */
    public static String describe(Scenario s, long seed) {
        StringBuilder b = new StringBuilder();
        for (Cell c : of(s, seed)) {
            b.append("crash     ")
                    .append(c.id())
                    .append(": every mark and ")
                    .append(c.points())
                    .append(" barriers drawn (seed ")
                    .append(c.seed())
                    .append(") under ")
                    .append(c.kernel().name())
                    .append("; mkfs '")
                    .append(c.mkfs())
                    .append("'")
                    .append(c.mountOptions().isEmpty() ? "" : ", mount -o " + c.mountOptions())
                    .append(", check '")
                    .append(c.check())
                    .append("', repair '")
                    .append(c.repair())
                    .append("'\n");
        }
        return b.toString();
    }
}
