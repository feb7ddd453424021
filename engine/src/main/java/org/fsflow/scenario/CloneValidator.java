package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.lang.Problems;

/**
 * Warns where a step's {@code cp} may clone instead of copying: a {@code cp} without
 * {@code --reflink=never} whose source and destination are both under one device's mount point
 * ({@code ${target.mnt}} twice) when that device holds a filesystem that clones (xfs, btrfs,
 * bcachefs: coreutils 9 and later clone there by default, sharing extents and copying no byte),
 * or any {@code cp --reflink[=always|auto]}. Its time would be a clone's, not a copy's.
 */
record CloneValidator(Scenario s, Problems problems) {

    /** Filesystem types where {@code cp} clones by default. */
    static final List<String> CLONING = List.of("xfs", "btrfs", "bcachefs");

    private static final Pattern CP = Pattern.compile("(?:^|[;&|(`]|&&|\\|\\|)\\s*(?:\\S*/)?cp\\s+([^;&|]*)");
    private static final Pattern MOUNT = Pattern.compile("\\$\\{([A-Za-z0-9_-]+)\\.mnt}");

    void validate() {
        for (Step step : s.steps()) {
            if (step.run() != null) {
                check(step, step.run());
            }
        }
    }

    private void check(Step step, Command run) {
        String text = text(run);
        Matcher cp = CP.matcher(text);
        while (cp.find()) {
            String args = cp.group(1);
            if (args.contains("--reflink=never")) {
                continue;
            }
            if (args.matches("(.*\\s)?--reflink(=always|=auto)?(\\s.*)?")) {
                problems.warn(
                        run.where(),
                        "step '" + step.name() + "' runs cp with --reflink: it clones where the "
                                + "filesystem can (sharing extents, copying no byte), so it does not time a copy; use "
                                + "--reflink=never");
                return;
            }
            for (Map.Entry<String, Set<String>> device : mountsTwice(args).entrySet()) {
                problems.warn(
                        run.where(),
                        "step '" + step.name() + "' runs cp within device '" + device.getKey()
                                + "' without --reflink=never, and " + String.join(", ", device.getValue())
                                + " clones there (cp of coreutils 9 and later shares the extents and copies no byte): "
                                + "write cp --reflink=never to time a copy");
                return;
            }
        }
    }

    // devices whose mount point the arguments name at least twice, with the cloning filesystems they hold
    private Map<String, Set<String>> mountsTwice(String args) {
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        Matcher m = MOUNT.matcher(args);
        while (m.find()) {
            counts.merge(m.group(1), 1, Integer::sum);
        }
        Map<String, Set<String>> out = new java.util.LinkedHashMap<>();
        counts.forEach((device, n) -> {
            Set<String> cloning = cloningFilesystems(device);
            if (n >= 2 && !cloning.isEmpty()) {
                out.put(device, cloning);
            }
        });
        return out;
    }

    /** The cloning filesystems device {@code name} holds in some cell: the matrix's for target, else its own. */
    Set<String> cloningFilesystems(String name) {
        List<String> names = new ArrayList<>();
        Device d = s.devices().get(name);
        if (name.equals(Scenario.TARGET) && s.matrix().has(Matrix.FILESYSTEM)) {
            s.matrix().axes().get(Matrix.FILESYSTEM).forEach(v -> names.add(v.value()));
        } else if (d != null && d.filesystem() != null) {
            names.add(d.filesystem());
        }
        Set<String> out = new LinkedHashSet<>();
        for (String fs : names) {
            Filesystem f = s.filesystems().get(fs);
            String type = f == null ? fs : f.lifecycle() != null ? "" : f.type() != null ? f.type() : fs;
            if (CLONING.contains(type)) {
                out.add(fs);
            }
        }
        return out;
    }

    private static String text(Command c) {
        StringBuilder b = new StringBuilder();
        for (Template t : c.parts()) {
            b.append(b.length() == 0 ? "" : " ").append(t.text());
        }
        return b.toString();
    }
}
