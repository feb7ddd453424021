package org.fsflow.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Dataset;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.Template;
import org.fsflow.scenario.Variables;

/**
 * The values of {@code ${...}} variables for one step of one cell repetition (see
 * {@link org.fsflow.scenario.Variables} for the list). Values known only at run time, such as the
 * node of a loop device, come from {@code deviceNodes}; when it has none the variable is left as
 * written, which is how plans show them.
 *
 * @param scenario    the scenario
 * @param layout      paths of the run
 * @param cell        the cell, or null outside one
 * @param repeat      the repetition, or 0
 * @param stepName    the step, or null
 * @param deviceNodes device name to its node (/dev/loop3), or null when not yet known
 */
public record Bindings(
        Scenario scenario,
        Layout layout,
        Cell cell,
        int repeat,
        String stepName,
        Function<String, String> deviceNodes,
        Map<String, String> memo) {

    /** Bindings for one cell repetition; {@code deviceNodes} may be null (at plan time). */
    public Bindings(
            Scenario scenario,
            Layout layout,
            Cell cell,
            int repeat,
            String stepName,
            Function<String, String> deviceNodes) {
        this(scenario, layout, cell, repeat, stepName, deviceNodes, new java.util.HashMap<>());
    }

    /** The same bindings for repetition {@code r}, sharing the cell's computed values. */
    public Bindings forRepeat(int r) {
        return new Bindings(scenario, layout, cell, r, stepName, deviceNodes, memo);
    }

    /** The raw value of {@code name}, or null when it is known only at run time. */
    public String value(String name) {
        if (name.equals("repeat")) {
            return String.valueOf(repeat);
        }
        if (name.equals("step.name")) {
            return stepName;
        }
        // every other value depends only on the cell: computed once per cell (plans hold 10^5 nodes)
        String v = memo.get(name);
        if (v == null) {
            v = compute(name);
            if (v != null) {
                memo.put(name, v);
            }
        }
        return v;
    }

    private String compute(String name) {
        List<String> list = listValue(name);
        if (list != null) {
            return String.join(" ", list);
        }
        Variables.Family family = Variables.Family.of(name, scenario);
        if (family == null) {
            return null;
        }
        int dot = name.indexOf('.');
        String head = dot < 0 ? name : name.substring(0, dot);
        String field = dot < 0 ? "" : name.substring(dot + 1);
        return switch (family) {
            case PARAMS -> {
                Scenario.Param p = scenario.params().get(field);
                yield p == null ? null : p.value();
            }
            case RUN ->
                field.equals("out") ? layout.out().toString() : layout.work().toString();
            case CELL ->
                cell == null
                        ? null
                        : field.equals("id") ? cell.id() : cell.coordinates().get(field);
            case DATASET ->
                cell == null || cell.dataset() == null
                        ? null
                        : dataset(scenario.datasets().get(cell.dataset()), field);
            case DATASETS -> {
                int dot2 = field.indexOf('.');
                Dataset named = dot2 < 0 ? null : scenario.datasets().get(field.substring(0, dot2));
                yield named == null ? null : dataset(named, field.substring(dot2 + 1));
            }
            case FILESYSTEM -> {
                Filesystem fs = filesystem();
                yield fs == null ? null : field.equals("name") ? fs.name() : fs.type();
            }
            case DEVICE -> device(head, field);
            // repeat and step.name are answered by value() before the memo
            case REPEAT, STEP -> null;
        };
    }

    /** Option lists ({@code ${filesystem.mkfs_options}}), which expand to several words. */
    private List<String> listValue(String name) {
        Filesystem fs = filesystem();
        if (fs == null) {
            return null;
        }
        if (name.equals("filesystem.mkfs_options")) {
            return fs.mkfsOptions();
        }
        if (name.equals("filesystem.mount_options")) {
            return fs.mountOptions().isEmpty() ? List.of() : List.of(String.join(",", fs.mountOptions()));
        }
        return null;
    }

    private Filesystem filesystem() {
        return cell == null || cell.filesystem() == null
                ? null
                : scenario.filesystems().get(cell.filesystem());
    }

    private String dataset(Dataset d, String field) {
        return switch (field) {
            case "name" -> d.name();
            case "path" -> layout.dataset(scenario, d).toString();
            case "archive" ->
                d.archive() ? Layout.archive(layout.dataset(scenario, d)).toString() : null;
            case "dirs" -> String.valueOf(d.dirs());
            case "files" -> String.valueOf(d.fileCount());
            case "bytes" -> String.valueOf(d.expectedBytes());
            default -> null;
        };
    }

    private String device(String name, String field) {
        Device d = scenario.devices().get(name);
        if (d == null) {
            return null;
        }
        return switch (field) {
            case "mnt" -> layout.mountPoint(d).toString();
            case "dev" ->
                d instanceof Device.Block b
                        ? b.path().toString()
                        : deviceNodes == null ? null : deviceNodes.apply(name);
            case "size" ->
                d instanceof Device.Loop l
                        ? String.valueOf(l.sizeBytes())
                        : d instanceof Device.Tmpfs t ? String.valueOf(t.sizeBytes()) : null;
            default -> null;
        };
    }

    /**
     * The argument vector of {@code command}: a string becomes {@code sh -c TEXT} with every
     * substituted value shell-quoted; a list is expanded item by item, unquoted.
     */
    public List<String> argv(Command command) {
        if (command.shell()) {
            Template t = command.parts().get(0);
            return List.of("sh", "-c", t.expand(this::shellValue));
        }
        List<String> argv = new ArrayList<>();
        for (Template t : command.parts()) {
            argv.add(t.expand(this::value));
        }
        return argv;
    }

    /** How {@code command} reads in plans and results: the shell text, or the quoted argument list. */
    public String display(Command command) {
        return display(command, argv(command));
    }

    /** The display form of an argument vector already expanded from {@code command}. */
    public static String display(Command command, List<String> argv) {
        return command.shell() ? argv.get(2) : Shell.join(argv);
    }

    private String shellValue(String name) {
        List<String> list = listValue(name);
        if (list != null) {
            return Shell.join(list);
        }
        String v = value(name);
        return v == null ? null : Shell.quote(v);
    }

    /** Bindings for another step of the same cell repetition. */
    public Bindings forStep(String step) {
        return new Bindings(scenario, layout, cell, repeat, step, deviceNodes, memo);
    }

    /** Bindings with the device nodes known at run time. */
    public Bindings withDevices(Map<String, String> nodes) {
        return new Bindings(scenario, layout, cell, repeat, stepName, nodes::get);
    }
}
