package org.fsflow.scenario;

import java.util.List;
import org.fsflow.lang.Problems;

/**
 * Checks {@code aging:} against the rest of the scenario: the matrix axis {@code age} and its
 * values, the aged device (a loop device the steps format and mount) and the filesystems of the
 * aged cells (a type the ager knows, on the host's kernel, without a custom lifecycle).
 */
record AgingValidator(Scenario s, Problems problems) {

    void validate() {
        List<Matrix.Value> ages = s.matrix().axes().getOrDefault(Aging.AXIS, List.of());
        Aging aging = s.aging();
        for (Matrix.Value v : ages) {
            if (!v.value().equals(Aging.FRESH) && !v.value().equals(Aging.AGED)) {
                problems.error(v.where(), "matrix axis 'age' takes 'fresh' or 'aged', not '" + v.value() + "'");
            } else if (v.value().equals(Aging.AGED) && aging == null) {
                problems.error(
                        v.where(),
                        "aged cells need an 'aging:' section that says how to age them (fullness, rounds, mix, size)");
            }
        }
        if (aging == null) {
            return;
        }
        if (ages.stream().noneMatch(v -> v.value().equals(Aging.AGED))) {
            problems.error(
                    aging.where(),
                    "'aging:' ages the cells whose matrix axis age is 'aged': add 'age: [fresh, aged]' under matrix:");
        }
        device(aging);
        filesystems(aging);
    }

    private void device(Aging aging) {
        Device d = s.devices().get(aging.device());
        if (d == null) {
            problems.error(aging.where(), "aging device '" + aging.device() + "' is not declared under devices:");
            return;
        }
        if (!(d instanceof Device.Loop)) {
            problems.error(
                    aging.where(),
                    "aging device '" + aging.device() + "' must be a loop device: its aged image is kept and copied"
                            + " for every repetition");
        }
        for (Step.Action a : List.of(Step.Action.MKFS, Step.Action.MOUNT)) {
            boolean present = s.steps().stream()
                    .anyMatch(st -> st.action() == a && aging.device().equals(st.device()));
            if (!present) {
                problems.error(
                        aging.where(),
                        "aging needs a '" + a.keyword() + "' step of device '" + aging.device()
                                + "': the ager formats and mounts it as the steps do");
            }
        }
    }

    private void filesystems(Aging aging) {
        if (s.matrix().has(KernelReader.AXIS)) {
            problems.error(aging.where(), "aged cells run on the host's kernel only: remove the 'kernel' axis");
        }
        for (Matrix.Value v : s.matrix().axes().getOrDefault(Matrix.FILESYSTEM, List.of())) {
            Filesystem fs = s.filesystems().get(v.value());
            if (fs == null) {
                continue;
            }
            if (fs.lifecycle() != null || !Aging.TYPES.contains(fs.type())) {
                problems.error(
                        v.where(),
                        "filesystem '" + fs.name() + "' cannot be aged: aging knows " + String.join(", ", Aging.TYPES)
                                + " made by fsflow's own driver");
            } else if (fs.kernel() != null) {
                problems.error(v.where(), "filesystem '" + fs.name() + "' runs in a VM: aged cells run on the host");
            }
        }
    }
}
