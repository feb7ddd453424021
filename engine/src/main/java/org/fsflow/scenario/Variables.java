package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Problems;

/**
 * The {@code ${...}} variables a scenario may use, in one table. A step sees:
 *
 * <ul>
 *   <li>{@code ${dataset.name|path|dirs|files|bytes}}: the cell's dataset (needs a dataset axis);</li>
 *   <li>{@code ${datasets.NAME.name|path|dirs|files|bytes}}: any declared dataset (a cell that uses two,
 *       like seed 002's ISO and tree); a dataset referenced so is generated like a matrix one;</li>
 *   <li>{@code ${filesystem.name|type|mkfs_options|mount_options}}: the cell's filesystem (needs a
 *       filesystem axis);</li>
 *   <li>{@code ${DEVICE.mnt}} for every device, {@code ${DEVICE.dev}} for loop and block devices,
 *       {@code ${DEVICE.size}} (bytes) for loop and tmpfs devices;</li>
 *   <li>{@code ${cell.id}} and {@code ${cell.AXIS}} for every matrix axis;</li>
 *   <li>{@code ${repeat}}: the 1-based repetition number; {@code ${step.name}};</li>
 *   <li>{@code ${params.NAME}} for every parameter;</li>
 *   <li>{@code ${run.out}}: the output directory, {@code ${run.work}}: the work directory.</li>
 * </ul>
 * An unknown variable is an error, never an empty string. These are expanded in commands, per
 * cell; every other string of the language takes {@code ${params.NAME}} only, substituted when the
 * scenario is read (see {@link ParamSubstitution}).
 */
public final class Variables {

    // the dataset field that only datasets with archive: true have
    private static final String ARCHIVE = "archive";

    /**
     * The families of variables, in one table: the validator, the plan's bindings and docs/scenarios.md
     * read it. {@code fields} are the names after the family's prefix; upper-case ones stand for a
     * name from the scenario (a parameter, an axis).
     */
    public enum Family {
        /** {@code ${dataset.FIELD}}: the cell's dataset */
        DATASET("dataset", List.of("name", "path", "archive", "dirs", "files", "bytes")),
        /** {@code ${datasets.NAME.FIELD}}: any declared dataset */
        DATASETS(
                "datasets", List.of("NAME.name", "NAME.path", "NAME.archive", "NAME.dirs", "NAME.files", "NAME.bytes")),
        /** {@code ${filesystem.FIELD}}: the cell's filesystem */
        FILESYSTEM("filesystem", List.of("name", "type", "mkfs_options", "mount_options")),
        /** {@code ${DEVICE.FIELD}}: a declared device (dev: loop and block only; size: loop and tmpfs only) */
        DEVICE("DEVICE", List.of("mnt", "dev", "size")),
        /** {@code ${cell.id}}, {@code ${cell.AXIS}}: the cell's coordinates */
        CELL("cell", List.of("id", "AXIS")),
        /** {@code ${repeat}}: the 1-based repetition */
        REPEAT("repeat", List.of()),
        /** {@code ${step.name}}: the step's name */
        STEP("step", List.of("name")),
        /** {@code ${params.NAME}}: a parameter, after {@code --set} */
        PARAMS("params", List.of("NAME")),
        /** {@code ${run.out}}, {@code ${run.work}}: the output and work directories */
        RUN("run", List.of("out", "work"));

        private final String prefix;
        private final List<String> fields;

        Family(String prefix, List<String> fields) {
            this.prefix = prefix;
            this.fields = fields;
        }

        /** What the variables start with ({@code DEVICE} stands for a device's name). */
        public String prefix() {
            return prefix;
        }

        /** The names after the prefix. */
        public List<String> fields() {
            return fields;
        }

        /** The variables of this family as docs/scenarios.md writes them, such as {@code ${dataset.name|path}}. */
        public String written() {
            return "${" + prefix + (fields.isEmpty() ? "" : "." + String.join("|", fields)) + "}";
        }

        /** The family of variable {@code name} in {@code scenario}, or null. */
        public static Family of(String name, Scenario scenario) {
            int dot = name.indexOf('.');
            String head = dot < 0 ? name : name.substring(0, dot);
            for (Family f : values()) {
                if (f != DEVICE && f.prefix.equals(head)) {
                    return f;
                }
            }
            return scenario.devices().containsKey(head) ? DEVICE : null;
        }
    }

    private final Set<String> names = new LinkedHashSet<>();

    private Variables() {}

    /** The variables every command of {@code scenario} may use. */
    public static Variables of(Scenario scenario) {
        Variables v = new Variables();
        for (Family f : Family.values()) {
            v.names.addAll(names(f, scenario));
        }
        return v;
    }

    private static List<String> names(Family family, Scenario s) {
        List<String> out = new ArrayList<>();
        switch (family) {
            case DATASET -> {
                if (s.matrix().has(Matrix.DATASET)) {
                    boolean archived = s.matrix().axes().get(Matrix.DATASET).stream()
                            .map(value -> s.datasets().get(value.value()))
                            .allMatch(d -> d != null && d.archive());
                    family.fields().stream()
                            .filter(x -> archived || !x.equals(ARCHIVE))
                            .forEach(x -> out.add("dataset." + x));
                }
            }
            case DATASETS ->
                s.datasets()
                        .values()
                        .forEach(d -> Family.DATASET.fields().stream()
                                .filter(x -> d.archive() || !x.equals(ARCHIVE))
                                .forEach(x -> out.add("datasets." + d.name() + "." + x)));
            case FILESYSTEM -> {
                if (s.matrix().has(Matrix.FILESYSTEM)) {
                    family.fields().forEach(x -> out.add("filesystem." + x));
                }
            }
            case DEVICE -> s.devices().values().forEach(d -> out.addAll(deviceNames(d)));
            case CELL -> {
                out.add("cell.id");
                s.matrix().axes().keySet().forEach(axis -> out.add("cell." + axis));
            }
            case REPEAT -> out.add("repeat");
            case STEP -> out.add("step.name");
            case PARAMS -> s.params().keySet().forEach(p -> out.add("params." + p));
            case RUN -> family.fields().forEach(x -> out.add("run." + x));
        }
        return out;
    }

    private static List<String> deviceNames(Device d) {
        List<String> out = new ArrayList<>(List.of(d.name() + ".mnt"));
        if (d.hasDeviceNode()) {
            out.add(d.name() + ".dev");
        }
        if (d instanceof Device.Loop || d instanceof Device.Tmpfs) {
            out.add(d.name() + ".size");
        }
        return out;
    }

    /** Every known name. */
    public Set<String> names() {
        return names;
    }

    /** Records an error for every variable of {@code template} that is not known. */
    public void check(Template template, Scenario scenario, Problems problems) {
        for (Template.Variable var : template.variables()) {
            if (!names.contains(var.name())) {
                problems.error(var.where(), explain(var.name(), scenario));
            }
        }
    }

    /** Checks every template of {@code command} (null is fine). */
    public void check(Command command, Scenario scenario, Problems problems) {
        if (command != null) {
            command.parts().forEach(t -> check(t, scenario, problems));
        }
    }

    private String explain(String name, Scenario scenario) {
        String head = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        String unknown = "unknown variable ${" + name + "}";
        if (head.equals("dataset") && !scenario.matrix().has(Matrix.DATASET)) {
            return unknown + ": the matrix has no 'dataset' axis, so a step has no dataset";
        }
        if (name.endsWith("." + ARCHIVE) && (head.equals("dataset") || head.equals("datasets"))) {
            return unknown + ": only a generated dataset with 'archive: true' has a tar archive ("
                    + (head.equals("dataset") ? "every dataset of the matrix needs it" : "add it to the dataset") + ")";
        }
        if (head.equals("filesystem") && !scenario.matrix().has(Matrix.FILESYSTEM)) {
            return unknown + ": the matrix has no 'filesystem' axis";
        }
        if (head.equals("params") && !name.equals("params")) {
            return unknown + ": declare it under params: (declared: "
                    + (scenario.params().isEmpty()
                            ? "none"
                            : String.join(", ", scenario.params().keySet())) + ")";
        }
        Device d = scenario.devices().get(head);
        if (d != null) {
            String field = name.substring(head.length() + 1 > name.length() ? name.length() : head.length() + 1);
            if (field.equals("dev")) {
                return unknown + ": device '" + head + "' is a " + kind(d) + " device and has no device node";
            }
            List<String> fields = new ArrayList<>();
            names.stream().filter(n -> n.startsWith(head + ".")).forEach(n -> fields.add("${" + n + "}"));
            return unknown + ": device '" + head + "' has " + String.join(", ", fields);
        }
        String best = Hints.closest(name, names);
        return unknown
                + (best != null ? " (did you mean ${" + best + "}?)" : ": see the variables in docs/scenarios.md");
    }

    /** The kind of a device as written in scenarios: dir, loop, block or tmpfs. */
    public static String kindOf(Device d) {
        return kind(d);
    }

    static String kind(Device d) {
        if (d instanceof Device.Dir) {
            return "dir";
        }
        if (d instanceof Device.Loop) {
            return "loop";
        }
        return d instanceof Device.Block ? "block" : "tmpfs";
    }
}
