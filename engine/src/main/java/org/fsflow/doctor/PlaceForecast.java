package org.fsflow.doctor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsflow.plan.Cell;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Scenario;
import org.fsflow.vm.Accel;
import org.fsflow.vm.Accelerators;

/**
 * Where doctor says each cell will run: on the host, or in a guest under its kernel with the
 * accelerator the run's own rule picks here ({@link Accelerators#known}: QEMU with KVM or TCG, or the
 * boot probe still to come; user-mode Linux where {@code FSFLOW_VM_ACCEL=uml} asks for it), and how much slower than the host a guest's steps should be: the ratio an
 * earlier run of the scenario measured on its control cells under that accelerator
 * ({@link GuestSlowdown}), else, under TCG, the figures of {@code bench/vm.sh}.
 */
final class PlaceForecast {

    private PlaceForecast() {}

    /** Where {@code cell} runs, in a few words. */
    static String place(Scenario s, Cell cell, Accelerators.Verdict accel) {
        KernelSpec k = s.kernelOf(cell.coordinates());
        if (k.isHost()) {
            return "on the host";
        }
        return "in a " + machine(accel) + " under " + k.name() + " ("
                + (accel.accel() == null
                        ? "KVM or TCG, by the boot probe"
                        : accel.accel().name()) + ")";
    }

    // what boots the guest: QEMU, or user-mode Linux (a kernel that is a host process)
    private static String machine(Accelerators.Verdict accel) {
        return accel.accel() == Accel.UML ? "user-mode Linux guest" : "QEMU guest";
    }

    /**
     * One line per place the running cells use: the host with its kernel, each guest kernel with its
     * accelerator, why, and its expected slowdown with the basis.
     */
    static List<String> lines(
            Scenario s,
            List<Cell> running,
            Accelerators.Verdict accel,
            Optional<Extrapolation> earlier,
            Optional<Path> from) {
        Map<String, Integer> cells = new LinkedHashMap<>();
        for (Cell c : running) {
            cells.merge(s.kernelOf(c.coordinates()).name(), 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Integer> e : cells.entrySet()) {
            String count = e.getValue() + " cell" + (e.getValue() == 1 ? "" : "s");
            if (e.getKey().equals(KernelSpec.HOST)) {
                out.add("host: " + count + ", under this host's kernel " + System.getProperty("os.version"));
            } else {
                out.add(machine(accel) + " under " + e.getKey() + ": " + count + ", " + guest(accel, earlier, from));
            }
        }
        return out;
    }

    // the accelerator, why, and the slowdown under it (under each, while the probe has not decided)
    private static String guest(Accelerators.Verdict accel, Optional<Extrapolation> earlier, Optional<Path> from) {
        if (accel.accel() == Accel.UML) {
            return "UML because " + accel.basis() + "; " + slowdown(Accel.UML, earlier, from) + "; "
                    + GuestSlowdown.UML_CAVEAT;
        }
        if (accel.accel() != null) {
            return accel.accel().name() + " because " + accel.basis() + "; " + slowdown(accel.accel(), earlier, from);
        }
        return "KVM or TCG: " + accel.basis() + "; under KVM " + slowdown(Accel.KVM, earlier, from) + "; under TCG "
                + slowdown(Accel.TCG, earlier, from);
    }

    private static String slowdown(Accel a, Optional<Extrapolation> earlier, Optional<Path> from) {
        Optional<GuestSlowdown.Summary> measured = earlier.flatMap(
                e -> e.slowdown().of(a.label(), from.map(Path::toString).orElse("the earlier run")));
        if (measured.isPresent()) {
            return measured.get().describe();
        }
        if (a == Accel.TCG) {
            return GuestSlowdown.summary(GuestSlowdown.BENCH_TCG, GuestSlowdown.BENCH_BASIS)
                    .describe();
        }
        if (a == Accel.UML) {
            return GuestSlowdown.summary(GuestSlowdown.BENCH_UML, GuestSlowdown.BENCH_UML_BASIS)
                    .describe();
        }
        return "no measured slowdown (no earlier run of this scenario ran its control cells under " + a.name()
                + (a == Accel.KVM
                        ? ", and bench/vm.sh's recorded figures are TCG's); a KVM guest's CPU runs near the host's speed"
                        : ")");
    }
}
