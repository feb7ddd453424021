package org.fsflow.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.fsflow.scenario.Device;

/**
 * A mount point a scenario gives with {@code mount:} is fsflow's to mount over only when nothing
 * of anyone's is there: it must not hold (be an ancestor of) what fsflow keeps, its output and work
 * directories or another device's loop image, and it must be empty. System directories are refused
 * earlier, at validation ({@link org.fsflow.scenario.SystemPaths}). Checked by {@code plan},
 * {@code run --dry-run} and again by {@code run} before it creates anything.
 */
public final class MountPoints {

    private MountPoints() {}

    /**
     * Why {@code plan} may not mount where its scenario says, or null when it may; with {@code onDisk},
     * also that each such mount point is empty (or missing), as it is on this machine now.
     */
    public static String refusal(Plan plan, boolean onDisk) {
        Layout layout = plan.layout();
        Map<String, Path> kept = new LinkedHashMap<>();
        kept.put("the output directory", absolute(layout.out()));
        kept.put("the work directory", absolute(layout.work()));
        for (Device d : plan.scenario().devices().values()) {
            if (d instanceof Device.Loop loop) {
                kept.put("the image of device '" + d.name() + "'", absolute(layout.image(loop)));
            }
        }
        for (Device d : plan.scenario().devices().values()) {
            if (d instanceof Device.Dir || d.mountPoint() == null) {
                continue;
            }
            Path mount = absolute(d.mountPoint());
            String where = d.where() + ": device '" + d.name() + "' mount: " + mount;
            for (var k : kept.entrySet()) {
                if (k.getValue().startsWith(mount)) {
                    return where + " holds " + k.getKey() + " (" + k.getValue() + "): a mount there would hide "
                            + "it. Choose an empty directory elsewhere, or another --out or --work";
                }
            }
            String contents = onDisk ? contents(mount) : null;
            if (contents != null) {
                return where + " " + contents + ": fsflow mounts only on an empty directory, so that it hides "
                        + "nothing and the steps remove only what the run made. Empty it, or choose another";
            }
        }
        return null;
    }

    // what is wrong with the existing mount point: not a directory, or not empty; null when fine
    private static String contents(Path mount) {
        if (!Files.exists(mount, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (!Files.isDirectory(mount, LinkOption.NOFOLLOW_LINKS)) {
            return "is not a directory";
        }
        try (Stream<Path> entries = Files.list(mount)) {
            return entries.findAny()
                    .map(e -> "is not empty (it holds " + e.getFileName() + ")")
                    .orElse(null);
        } catch (IOException e) {
            return "cannot be read (" + e.getMessage() + ")";
        }
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }
}
