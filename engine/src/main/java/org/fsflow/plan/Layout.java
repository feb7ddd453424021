package org.fsflow.plan;

import java.nio.file.Path;
import java.util.List;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Defaults;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;

/**
 * Where a run puts things: the output directory (results, logs, report) and the work directory
 * (loop images, mount points, datasets without a source device). The same scenario and options
 * always give the same paths, so a plan shows the exact commands a run executes.
 *
 * @param out  output directory, default {@code reports/<name>/}
 * @param work work directory, default {@code /var/tmp/fsflow/<name>/}
 */
public record Layout(Path out, Path work) {

    /** The default work directory of a scenario. */
    public static Path defaultWork(String scenarioName) {
        return Defaults.WORK_ROOT.resolve(scenarioName);
    }

    /** Where {@code device} is mounted (a dir device's own path). */
    public Path mountPoint(Device device) {
        return device.mountPoint() != null
                ? device.mountPoint()
                : work.resolve(Defaults.MOUNT_DIR).resolve(device.name());
    }

    /** The log file of plan node {@code node} with {@code suffix} ({@code out}, {@code err}, {@code before.out} ...). */
    public Path log(String node, String suffix) {
        return out.resolve("logs").resolve(node + "." + suffix);
    }

    /** Node {@code node}'s stdout and stderr logs as a result names them: relative to the output directory. */
    public List<String> logs(String node) {
        return List.of(
                out.relativize(log(node, "out")).toString(),
                out.relativize(log(node, "err")).toString());
    }

    /** The image file of a loop device. */
    public Path image(Device.Loop loop) {
        return loop.image() != null ? loop.image() : work.resolve(loop.name() + ".img");
    }

    /**
     * Where a dataset's tree lives: on the source device, else in the work directory; at a scale
     * other than the host's ({@code --scale guest=0.05}), in a directory of that scale beside
     * ({@code fsflow-datasets@0.05/test3}), so each place's cells read their own size.
     */
    public Path dataset(Scenario scenario, Dataset dataset) {
        if (dataset.existing() != null) {
            return dataset.existing();
        }
        Device source = scenario.devices().get(Scenario.SOURCE);
        String dir = source != null ? Defaults.DATASETS_ON_SOURCE : Defaults.DATASETS_IN_WORK;
        if (scenario.scaling().ownDatasets()) {
            dir += "@" + Scales.plain(scenario.scale());
        }
        Path root = source != null ? mountPoint(source).resolve(dir) : work.resolve(dir);
        return root.resolve(dataset.name());
    }

    /** The tar archive of the generated dataset at {@code root} ({@code archive: true}): beside it. */
    public static Path archive(Path root) {
        return root.resolveSibling(root.getFileName() + ".tar");
    }
}
