package org.fsflow.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.device.ImageMark;
import org.fsflow.host.RunFailure;
import org.fsflow.plan.Layout;
import org.fsflow.plan.MountPoints;
import org.fsflow.plan.Plan;
import org.fsflow.safety.SafeDirectories;
import org.fsflow.safety.SafeFiles;
import org.fsflow.scenario.Device;
import org.fsflow.scenario.Scenario;

/**
 * The directories a run works in as root (output and work directories, mount points, loop
 * images' directories, a source directory that receives datasets), all checked before the run
 * creates anything, then the output and work directories created with mode 0700. See
 * {@link SafeDirectories} for the rule.
 */
public final class WorkPlaces {

    private static final String ROOT_ONLY = "one owned by root and writable by no one else";

    /** One directory to check: what it is for, and how the user fixes a refusal. */
    private record Place(Path dir, String role, String fix) {}

    private WorkPlaces() {}

    /** Refuses the run, before anything is created, when another user controls one of its places. */
    public static void check(Plan plan) {
        String mounts = MountPoints.refusal(plan, true);
        if (mounts != null) {
            throw new RunFailure(mounts);
        }
        try {
            for (Place p : places(plan)) {
                SafeDirectories.check(p.dir(), p.role(), p.fix());
            }
            for (Device d : plan.scenario().devices().values()) {
                if (d instanceof Device.Loop loop && loop.image() != null && Files.exists(loop.image())) {
                    checkImage(d, loop.image());
                    String why = ImageMark.refusal(loop.image(), loop.destroy());
                    if (why != null) {
                        throw new RunFailure(d.where() + ": refusing the image of device '" + d.name() + "': " + why);
                    }
                }
            }
        } catch (SafeDirectories.Refused e) {
            throw new RunFailure(e.getMessage());
        }
    }

    /** Creates the output and work directories (0700) once {@link #check} passed. */
    static void create(Plan plan) {
        try {
            Layout layout = plan.layout();
            SafeDirectories.create(
                    layout.out(), "the output directory", "Choose another with --out (" + ROOT_ONLY + ").");
            SafeDirectories.create(
                    layout.work(), "the work directory", "Choose another with --work (" + ROOT_ONLY + ").");
        } catch (SafeDirectories.Refused e) {
            throw new RunFailure(e.getMessage());
        }
    }

    private static List<Place> places(Plan plan) {
        Layout layout = plan.layout();
        List<Place> places = new ArrayList<>();
        places.add(new Place(layout.out(), "the output directory", fix("--out")));
        places.add(new Place(layout.work(), "the work directory", fix("--work")));
        for (Device d : plan.scenario().devices().values()) {
            String name = "device '" + d.name() + "'";
            if (d instanceof Device.Dir) {
                if (d.name().equals(Scenario.SOURCE)) {
                    places.add(new Place(
                            layout.mountPoint(d),
                            "the directory of " + name + " (datasets are generated " + "there)",
                            "Use a directory of root's that no one else can write to."));
                }
                continue;
            }
            places.add(new Place(
                    layout.mountPoint(d),
                    "the mount point of " + name,
                    d.mountPoint() != null
                            ? "Choose another with mount: (" + ROOT_ONLY + ")."
                            : "Choose another work directory with --work (" + ROOT_ONLY + ")."));
            if (d instanceof Device.Loop loop) {
                places.add(new Place(
                        layout.image(loop).toAbsolutePath().getParent(),
                        "the directory of the image of " + name,
                        "Put the image in a directory of root's with image:, or leave image: out."));
            }
        }
        return places;
    }

    private static String fix(String option) {
        return "Choose another with " + option + " (" + ROOT_ONLY + "; fsflow creates a missing one), or remove "
                + "it, or make it root's (chown -R root, chmod go-w) if you trust what it holds.";
    }

    private static void checkImage(Device d, Path image) {
        String problem;
        try {
            problem = SafeFiles.problem(image.toRealPath());
        } catch (IOException e) {
            problem = "cannot resolve " + image + ": " + e.getMessage();
        }
        if (problem != null) {
            throw new RunFailure("refusing the image of device '" + d.name() + "' " + image + ": " + problem
                    + ". Another user could change what root mounts. Make it root's (chown root, chmod go-w) or "
                    + "choose another image:.");
        }
    }
}
