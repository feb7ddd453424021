package org.fsflow.vm;

import java.util.List;

/**
 * How a guest runs: QEMU under KVM (hardware virtualisation, near native) or TCG (emulation,
 * several times slower), or user-mode Linux (a kernel that is a host process): figures are
 * comparable only with other cells of the same guest.
 */
public enum Accel {
    /** Hardware virtualisation; {@code -arch-capabilities} keeps nested hypervisors from aborting. */
    KVM(List.of("-accel", "kvm", "-cpu", "host,-arch-capabilities")),
    /** Emulation on every host core. */
    TCG(List.of("-accel", "tcg,thread=multi", "-cpu", "max")),
    /**
     * Not QEMU: Debian's user-mode Linux kernel runs as a host process ({@link Uml}), one CPU,
     * its disks {@code ubd} images through the host's page cache.
     */
    UML(List.of());

    private final List<String> qemuArgs;

    Accel(List<String> qemuArgs) {
        this.qemuArgs = qemuArgs;
    }

    /** The QEMU options that select it. */
    public List<String> qemuArgs() {
        return qemuArgs;
    }

    /** The guest's node of its {@code index}-th disk (0-based): {@code /dev/vda}, or {@code /dev/ubda} under UML. */
    public String disk(int index) {
        return (this == UML ? "/dev/ubd" : "/dev/vd") + (char) ('a' + index);
    }

    /** Its name in results ({@code virt}): kvm, tcg or uml. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
