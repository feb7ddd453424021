package org.fsflow.device;

import java.util.function.Function;
import org.fsflow.plan.Cell;
import org.fsflow.plan.StepCommand;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;

/**
 * Whether a cell can run here: the one check that the runner makes before a cell and that
 * {@code fsflow doctor} makes before a campaign, so both give the same verdict.
 */
public final class CellSupport {

    private CellSupport() {}

    /**
     * Why {@code cell} cannot run here (the tools or kernel support of the filesystem it formats
     * on the target device are missing, per {@code missing}), or null when it can.
     */
    public static String cannotRun(Scenario scenario, Cell cell, Function<Filesystem, String> missing) {
        Filesystem fs = filesystem(scenario, cell);
        return fs == null ? null : missing.apply(fs);
    }

    /** The filesystem {@code cell} formats on the target device, or null when it formats none. */
    public static Filesystem filesystem(Scenario scenario, Cell cell) {
        Device target = scenario.devices().get(Scenario.TARGET);
        if (target == null || cell.filesystem() == null || !target.formattable()) {
            return null;
        }
        return StepCommand.filesystem(scenario, target, cell);
    }
}
