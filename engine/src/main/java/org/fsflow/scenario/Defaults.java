package org.fsflow.scenario;

import java.nio.file.Path;

/**
 * Every default of fsflow, in one place, each with the reason for its value: what a scenario gets
 * for a key it leaves out, and where a run puts things unless told otherwise. Readers of a
 * published campaign find here what it ran with; docs/scenarios.md says the same.
 */
public final class Defaults {

    /** {@code repeat:} one run per cell; the validator warns below 3 (no spread, no confidence interval). */
    public static final int REPEAT = 1;
    /** {@code order:} every repetition of a cell before the next cell, as the source scripts ran. */
    public static final Scenario.Order ORDER = Scenario.Order.ROUNDS;
    /** {@code on_error:} a failed step ends its cell repetition only: the rest of the campaign still runs. */
    public static final Scenario.OnError ON_ERROR = Scenario.OnError.SKIP_CELL;
    /** {@code device:} of an action: the device the filesystem axis formats. */
    public static final String ACTION_DEVICE = Scenario.TARGET;
    /** {@code filesystem:} of the {@code source} device: the datasets need a filesystem, ext4 is everywhere. */
    public static final String SOURCE_FILESYSTEM = "ext4";

    /** {@code dirs:} of a dataset: one directory per level. */
    public static final long DATASET_DIRS = 1;
    /** {@code depth:} of a dataset: one level of {@code dirs} directories under the dataset root. */
    public static final long DATASET_DEPTH = 1;
    /** {@code content:} incompressible bytes, so compressing filesystems gain nothing they would not in use. */
    public static final Dataset.Content DATASET_CONTENT = Dataset.Content.RANDOM;
    /** {@code names.dir:} directory names, as in seed 000's gen.sh. */
    public static final String DIR_NAME = "dir{i}";
    /** {@code names.file:} file names, as in seed 000's gen.sh. */
    public static final String FILE_NAME = "fichier{j}";
    /** A dataset's seed when neither it nor the scenario has one: datasets are reproducible by default. */
    public static final long DATASET_SEED = 0;

    /** {@code --scale}: datasets as written. */
    public static final double SCALE = 1.0;
    /** Loop and tmpfs devices shrink with {@code --scale}, never below this: mkfs needs room for metadata. */
    public static final long MIN_SCALED_DEVICE_BYTES = 1L << 30;

    /** {@code --out}: {@code reports/<name>/}, next to the published reports. */
    public static final Path OUT_ROOT = Path.of("reports");
    /** {@code --work}: {@code /var/tmp/fsflow/<name>/}; /var/tmp survives a reboot, unlike /tmp on tmpfs. */
    public static final Path WORK_ROOT = Path.of("/var/tmp/fsflow");
    /** Mount points of devices without {@code mount:}: {@code <work>/mnt/<device>}. */
    public static final String MOUNT_DIR = "mnt";
    /** Datasets live in {@code <source mount>/fsflow-datasets/<name>}, or {@code <work>/datasets/<name>}. */
    public static final String DATASETS_ON_SOURCE = "fsflow-datasets";
    /** Datasets without a source device: {@code <work>/datasets/<name>}. */
    public static final String DATASETS_IN_WORK = "datasets";

    /**
     * {@code vm: reuse:}: consecutive cell repetitions of one guest share a booted guest (its state
     * reset between them, caches dropped): a boot under TCG costs several seconds per repetition.
     */
    public static final boolean VM_REUSE = true;

    /** {@code baseline:}: the disk under the loop images is measured with fio before the first cell. */
    public static final boolean BASELINE = true;

    private Defaults() {}
}
