package org.fsflow.scenario;

/**
 * How the cells under another kernel use their guests ({@code vm:}):
 *
 * <pre>
 * vm:
 *   reuse: true     # consecutive cell repetitions of one kernel share one booted guest (the default)
 * </pre>
 *
 * With {@code reuse: true}, cell repetitions that follow each other in the run's order (no host
 * cell or dataset between them: the order is never changed for it) and whose guest is the same
 * (the same kernel, hence the same scale, disks and CPUs, and the same RAM) run in one guest,
 * booted once. Between two of them the guest unmounts what the previous one mounted, releases its
 * disks' blocks before each mkfs as the host does, drops its page cache, dentries and inodes, and
 * mounts the datasets' image again. With {@code reuse: false} every cell repetition boots a guest
 * of its own ({@code --set vm.reuse=false}).
 *
 * @param reuse share one guest between consecutive cell repetitions of the same guest
 */
public record VmSettings(boolean reuse) {

    /** The default: guests reused ({@link Defaults#VM_REUSE}). */
    public static final VmSettings DEFAULT = new VmSettings(Defaults.VM_REUSE);
}
