package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.ByteSize;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;

/**
 * The second validation layer: cross references and variables, checked on a scenario whose every
 * field already has the right shape. Collects all problems; executes nothing.
 */
record ScenarioValidator(Scenario s, Problems problems) {

    void validate() {
        kernelReferences();
        matrixReferences();
        devices();
        steps();
        variables();
        capacity();
        method();
        findings();
        new BudgetValidator(s, problems).validate();
        new CloneValidator(s, problems).validate();
        new ProseValidator(s, problems).validate();
        new CrashChecks(s, problems).validate();
        new AgingValidator(s, problems).validate();
        new DeleteValidator(s, problems).validate();
    }

    private void kernelReferences() {
        for (Filesystem fs : s.filesystems().values()) {
            KernelReader.checkReference(fs.kernel(), fs.where(), s.kernels(), problems);
        }
        for (Matrix.Value v : s.matrix().axes().getOrDefault(KernelReader.AXIS, List.of())) {
            KernelReader.checkReference(v.value(), v.where(), s.kernels(), problems);
        }
    }

    private void matrixReferences() {
        Matrix m = s.matrix();
        if (m.has(Matrix.FILESYSTEM)) {
            for (Matrix.Value v : m.axes().get(Matrix.FILESYSTEM)) {
                if (!s.filesystems().containsKey(v.value())) {
                    problems.error(
                            v.where(),
                            "filesystem '" + v.value() + "' is not declared under filesystems:"
                                    + hint(v.value(), s.filesystems().keySet()));
                }
            }
            Device target = s.devices().get(Scenario.TARGET);
            Location at = m.axes().get(Matrix.FILESYSTEM).isEmpty()
                    ? null
                    : m.axes().get(Matrix.FILESYSTEM).get(0).where();
            if (target == null && at != null) {
                problems.error(
                        at,
                        "the filesystem axis formats the device named 'target', and there is none: "
                                + "declare devices: { target: { loop: { size: 8G } } }");
            } else if (target != null && !target.formattable() && at != null) {
                problems.error(
                        at,
                        "the filesystem axis formats device 'target', but it is a " + Variables.kind(target)
                                + " device: use a loop or block device");
            }
        }
        if (m.has(Matrix.DATASET)) {
            for (Matrix.Value v : m.axes().get(Matrix.DATASET)) {
                if (!s.datasets().containsKey(v.value())) {
                    problems.error(
                            v.where(),
                            "dataset '" + v.value() + "' is not declared under datasets:"
                                    + hint(v.value(), s.datasets().keySet()));
                }
            }
        }
        java.util.List<String> used = s.usedDatasets();
        for (Dataset d : s.datasets().values()) {
            if (!used.contains(d.name())) {
                problems.warn(
                        d.where(),
                        "dataset '" + d.name() + "' is not in the matrix's dataset axis: it will not be used");
            }
        }
    }

    private void devices() {
        Map<Path, Device> blocks = new HashMap<>();
        Map<Path, Device> mounts = new HashMap<>();
        for (Device d : s.devices().values()) {
            if (d instanceof Device.Block b) {
                Device other = blocks.putIfAbsent(b.path(), b);
                if (other != null) {
                    problems.error(
                            d.where(),
                            "devices '" + other.name() + "' and '" + d.name() + "' name the same " + b.path());
                }
            }
            if (d.mountPoint() != null) {
                Device other = mounts.putIfAbsent(d.mountPoint(), d);
                if (other != null) {
                    problems.error(
                            d.where(),
                            "devices '" + other.name() + "' and '" + d.name() + "' share the mount point "
                                    + d.mountPoint());
                }
            }
            if (d.filesystem() != null
                    && !(d instanceof Device.Tmpfs)
                    && !s.filesystems().containsKey(d.filesystem())
                    && !FilesystemType.NAMES.contains(d.filesystem())) {
                problems.error(
                        d.where(),
                        "device '" + d.name() + "' filesystem '" + d.filesystem()
                                + "' is neither declared under filesystems: nor a built-in type"
                                + hint(d.filesystem(), FilesystemType.NAMES));
            }
        }
    }

    private void steps() {
        Map<String, Step> byName = new HashMap<>();
        for (Step step : s.steps()) {
            Step first = byName.putIfAbsent(step.name(), step);
            if (first != null) {
                problems.error(
                        step.where(),
                        "duplicate step name '" + step.name() + "' (first at line "
                                + first.where().line() + "): give one of them a name:");
            }
            if (step.action() == null) {
                continue;
            }
            Device d = s.devices().get(step.device());
            if (d == null) {
                problems.error(
                        step.where(),
                        "step '" + step.name() + "' works on device '" + step.device() + "', which is not declared"
                                + hint(step.device(), s.devices().keySet()));
                continue;
            }
            boolean formats = step.action() == Step.Action.MKFS || step.action() == Step.Action.MOUNT;
            boolean matrixFormats =
                    d.name().equals(Scenario.TARGET) && s.matrix().has(Matrix.FILESYSTEM);
            if (formats
                    && d.formattable()
                    && !matrixFormats
                    && d.filesystem() == null
                    && !d.name().equals(Scenario.SOURCE)) {
                problems.error(
                        step.where(),
                        "step '" + step.name() + "' formats device '" + d.name()
                                + "', but nothing says with what: add a filesystem axis to the matrix, or "
                                + "'filesystem: ext4' to the device");
            }
        }
    }

    // verify: { dataset: NAME }: a dataset fsflow generates (its bytes are known), declared under datasets:
    private void verifiedDataset(Step.DatasetRef ref) {
        Dataset d = s.datasets().get(ref.name());
        if (d == null) {
            String best = Hints.closest(ref.name(), s.datasets().keySet());
            problems.error(
                    ref.where(),
                    "verify: dataset '" + ref.name() + "' is not declared under datasets:"
                            + (best != null
                                    ? " (did you mean '" + best + "'?)"
                                    : s.datasets().isEmpty()
                                            ? ""
                                            : "; known: "
                                                    + String.join(
                                                            ", ", s.datasets().keySet())));
        } else if (d.existing() != null) {
            problems.error(
                    ref.where(),
                    "verify: dataset '" + ref.name() + "' is existing: (not generated), so there are no known bytes "
                            + "to compare its copy with");
        }
    }

    private void variables() {
        Variables vars = Variables.of(s);
        for (Step step : s.steps()) {
            vars.check(step.run(), s, problems);
            vars.check(step.before(), s, problems);
            vars.check(step.after(), s, problems);
            vars.check(step.verify(), s, problems);
            if (step.verifyDataset() != null) {
                verifiedDataset(step.verifyDataset());
            } else if (step.verify() != null
                    && !s.matrix().has(Matrix.DATASET)
                    && step.verify().parts().get(0).variables().stream()
                            .noneMatch(v -> v.name().startsWith("dataset."))) {
                problems.error(
                        step.verify().where(),
                        "verify compares the copy with the cell's dataset: the matrix " + "has no 'dataset' axis");
            }
        }
        for (Filesystem fs : s.filesystems().values()) {
            Filesystem.Lifecycle l = fs.lifecycle();
            if (l == null) {
                continue;
            }
            for (Command c : new Command[] {l.create(), l.mount(), l.umount(), l.destroy()}) {
                vars.check(c, s, problems);
            }
            if (l.service() != null) {
                vars.check(l.service().start(), s, problems);
                vars.check(l.service().stop(), s, problems);
                vars.check(l.service().check(), s, problems);
            }
        }
    }

    private void capacity() {
        Device source = s.devices().get(Scenario.SOURCE);
        long room =
                source instanceof Device.Loop l ? l.sizeBytes() : source instanceof Device.Tmpfs t ? t.sizeBytes() : 0;
        if (room == 0) {
            return;
        }
        long needed = 0;
        for (String name : s.usedDatasets()) {
            needed += s.datasets().get(name).expectedBytes();
        }
        // ext4 keeps about 5 % for root and metadata; leave room for it
        if (needed > room * 0.9) {
            problems.error(
                    source.where(),
                    "the datasets need " + ByteSize.format(needed) + " but device 'source' is " + ByteSize.format(room)
                            + ": enlarge it, or shrink the datasets with --scale");
        }
    }

    private void method() {
        Repeat r = s.repeat();
        if (r != null && r.max() < 3 && !s.steps().isEmpty()) {
            problems.warn(
                    r.where(),
                    (r.where().line() == 1 && r.where().column() == 1
                                    ? "no repeat: each cell runs " + "once"
                                    : "repeat " + r.max())
                            + "; fewer than 3 repetitions give no usable spread or confidence "
                            + "interval");
        }
    }

    private void findings() {
        SourceSection section = s.sourceSection();
        if (section == null) {
            return;
        }
        FindingChecker.check(section.findings(), FindingChecker.of(s), problems);
        if (section.document() != null && s.source() != null) {
            Path file = Path.of(s.source().path());
            Path document = (file.getParent() == null ? Path.of(".") : file.getParent()).resolve(section.document());
            if (java.nio.file.Files.isRegularFile(file) && !java.nio.file.Files.isRegularFile(document)) {
                problems.warn(
                        section.where(),
                        "source document " + section.document() + " is not beside the " + "scenario (looked for "
                                + document + "): findings' line numbers cannot be checked");
            }
        }
    }

    private static String hint(String name, java.util.Collection<String> known) {
        String best = Hints.closest(name, known);
        if (best != null) {
            return " (did you mean '" + best + "'?)";
        }
        return known.isEmpty() ? "" : " (declared: " + String.join(", ", List.copyOf(known)) + ")";
    }
}
