package org.fsflow.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsflow.scenario.Command;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Scenario;

/**
 * Every command line that running a plan executes as root, with variables substituted (values
 * known only at run time, such as a loop device's node, stay as {@code ${target.dev}}): the steps
 * with their {@code before:} and {@code after:}, and the commands of filesystem lifecycles that
 * run outside the steps (service start, check and stop; destroy after each repetition).
 */
public final class PlanCommands {

    private PlanCommands() {}

    /** Lifecycle commands outside the steps, each with what it is ("zfs service start"), in plan order. */
    public static Map<String, String> lifecycle(Plan plan) {
        Map<String, String> commands = new LinkedHashMap<>();
        Scenario s = plan.scenario();
        Device target = s.devices().get(Scenario.TARGET);
        if (target == null) {
            return commands;
        }
        Set<String> seen = new LinkedHashSet<>();
        for (Cell cell : plan.cells()) {
            Filesystem fs = StepCommand.filesystem(s, target, cell);
            if (fs == null || fs.lifecycle() == null || !seen.add(fs.name())) {
                continue;
            }
            Bindings b = new Bindings(s, plan.layout(), cell, 0, null, null);
            Filesystem.Service svc = fs.lifecycle().service();
            if (svc != null) {
                put(commands, fs.name() + " service start", svc.start(), b);
                put(commands, fs.name() + " service check", svc.check(), b);
                put(commands, fs.name() + " service stop", svc.stop(), b);
            }
            put(commands, fs.name() + " destroy", fs.lifecycle().destroy(), b);
        }
        return commands;
    }

    /** The distinct command lines of the whole plan, in the order they first run. */
    public static List<String> distinct(Plan plan) {
        Set<String> all = new LinkedHashSet<>();
        for (PlanNode n : plan.nodes()) {
            if (n.measured()) {
                addIfPresent(all, n.before());
                all.add(n.command());
                addIfPresent(all, n.after());
            }
        }
        all.addAll(lifecycle(plan).values());
        return new ArrayList<>(all);
    }

    private static void put(Map<String, String> commands, String what, Command command, Bindings b) {
        if (command != null) {
            commands.put(what, b.display(command));
        }
    }

    private static void addIfPresent(Set<String> set, String command) {
        if (command != null) {
            set.add(command);
        }
    }
}
