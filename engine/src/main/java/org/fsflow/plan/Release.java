package org.fsflow.plan;

import java.util.List;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Step;

/**
 * Releases, unmeasured, the blocks the previous cell left in a loop image before a timed mkfs:
 * today's mkfs discards the whole device (mke2fs, mkfs.xfs), and on a loop device a discard punches
 * holes in the image file, which takes as long as what the previous cell wrote (seconds after a few
 * GiB). Timed, it would make mkfs depend on the cell before it; released here with {@code blkdiscard},
 * every mkfs starts on an image as empty as a fresh one, as the 2009 tools (which did not discard)
 * found their disk. A real partition is left as it is: its discard is the hardware's, part of mkfs.
 * The plan shows the release as the step's {@code (before)}; the run executes it just before the step,
 * after its {@code before:}.
 */
public final class Release {

    private Release() {}

    /**
     * The command that releases the blocks of the loop device a mkfs step formats, or null when
     * the step is no mkfs or its device no loop device.
     */
    public static List<String> beforeMkfs(Scenario scenario, Step step, Bindings b) {
        String device = step.device() != null ? step.device() : Scenario.TARGET;
        if (step.action() != Step.Action.MKFS || !(scenario.devices().get(device) instanceof Device.Loop)) {
            return null;
        }
        // known at run time only: the plan shows the variable, as for the mkfs itself
        String dev = b.value(device + ".dev");
        return List.of("blkdiscard", "-f", dev != null ? dev : "${" + device + ".dev}");
    }
}
