package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 * An unknown variable is an error, never an empty string.
 */
public final class Variables {

    /** Fields of {@code ${dataset.*}}. */
    public static final List<String> DATASET_FIELDS = List.of("name", "path", "dirs", "files", "bytes");
    /** Fields of {@code ${filesystem.*}}. */
    public static final List<String> FILESYSTEM_FIELDS = List.of("name", "type", "mkfs_options", "mount_options");

    private final Set<String> names = new LinkedHashSet<>();

    private Variables() {
    }

    /** The variables every command of {@code scenario} may use. */
    public static Variables of(Scenario scenario) {
        Variables v = new Variables();
        if (scenario.matrix().has(Matrix.DATASET)) {
            DATASET_FIELDS.forEach(x -> v.names.add("dataset." + x));
        }
        for (String d : scenario.datasets().keySet()) {
            DATASET_FIELDS.forEach(x -> v.names.add("datasets." + d + "." + x));
        }
        if (scenario.matrix().has(Matrix.FILESYSTEM)) {
            FILESYSTEM_FIELDS.forEach(x -> v.names.add("filesystem." + x));
        }
        for (Device d : scenario.devices().values()) {
            v.names.add(d.name() + ".mnt");
            if (d.hasDeviceNode()) {
                v.names.add(d.name() + ".dev");
            }
            if (d instanceof Device.Loop || d instanceof Device.Tmpfs) {
                v.names.add(d.name() + ".size");
            }
        }
        v.names.add("cell.id");
        scenario.matrix().axes().keySet().forEach(axis -> v.names.add("cell." + axis));
        v.names.add("repeat");
        v.names.add("step.name");
        scenario.params().keySet().forEach(p -> v.names.add("params." + p));
        v.names.add("run.out");
        v.names.add("run.work");
        return v;
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
        if (head.equals("filesystem") && !scenario.matrix().has(Matrix.FILESYSTEM)) {
            return unknown + ": the matrix has no 'filesystem' axis";
        }
        if (head.equals("params") && !name.equals("params")) {
            return unknown + ": declare it under params: (declared: "
                    + (scenario.params().isEmpty() ? "none" : String.join(", ", scenario.params().keySet())) + ")";
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
        String best = Fields.closest(name, names);
        return unknown + (best != null ? " (did you mean ${" + best + "}?)" : ": see the variables in the README");
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
