package org.fsflow.vm;

import java.util.List;

/**
 * How QEMU runs the guest's CPU: KVM (hardware virtualisation, near native) or TCG (emulation,
 * several times slower: figures are comparable only with other cells of the same guest).
 */
public enum Accel {
    /** Hardware virtualisation; {@code -arch-capabilities} keeps nested hypervisors from aborting. */
    KVM(List.of("-accel", "kvm", "-cpu", "host,-arch-capabilities")),
    /** Emulation on every host core. */
    TCG(List.of("-accel", "tcg,thread=multi", "-cpu", "max"));

    private final List<String> qemuArgs;

    Accel(List<String> qemuArgs) {
        this.qemuArgs = qemuArgs;
    }

    /** The QEMU options that select it. */
    public List<String> qemuArgs() {
        return qemuArgs;
    }

    /** Its name in results ({@code virt}): kvm or tcg. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
