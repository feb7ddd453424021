package org.fsflow.place;

import java.util.List;

/**
 * Something a run set up and must release: a mount, a loop device, an image file, a mount-point
 * directory, a started service or a lifecycle's destroy command. Recorded in {@code state.json}
 * before it is created, so {@code fsflow resume} can release what a killed run left behind.
 *
 * @param kind  mount, loop, image, datasets-image, dir, service, cgroup or command
 * @param path  the mount point, loop device, image, directory or cgroup directory
 * @param image for a loop resource: every loop device attached to this image is detached
 * @param argv  for a service or command: what releases it
 * @param check for a service: succeeds while it runs (release waits until it fails)
 * @param scope campaign (released at the end) or unit (released after each cell repetition)
 * @param label what it is, for messages
 */
public record Resource(
        String kind, String path, String image, List<String> argv, List<String> check, String scope, String label) {

    /** Released when the campaign ends. */
    public static final String CAMPAIGN = "campaign";
    /** Released after each cell repetition. */
    public static final String UNIT = "unit";

    /** A mount at {@code mountPoint}, released with the given scope. */
    public static Resource mount(String mountPoint, String scope) {
        return new Resource("mount", mountPoint, null, List.of(), List.of(), scope, "mount on " + mountPoint);
    }

    /** The loop device {@code device} of {@code image}. */
    public static Resource loop(String device, String image) {
        return new Resource("loop", device, image, List.of(), List.of(), CAMPAIGN, "loop devices of " + image);
    }

    /** An image file fsflow created. */
    public static Resource image(String path) {
        return new Resource("image", path, null, List.of(), List.of(), CAMPAIGN, "image " + path);
    }

    /**
     * The image of the {@code source} device fsflow created, which holds the generated datasets:
     * released like an image at the end of a run, but only detached when the run is interrupted,
     * so that {@code resume} finds its datasets (checked before use) instead of generating them again.
     */
    public static Resource datasetsImage(String path) {
        return new Resource(
                DATASETS_IMAGE, path, null, List.of(), List.of(), CAMPAIGN, "image " + path + " (the datasets)");
    }

    /** The kind of {@link #datasetsImage}. */
    static final String DATASETS_IMAGE = "datasets-image";

    /** A directory fsflow created (removed when empty). */
    public static Resource dir(String path) {
        return new Resource("dir", path, null, List.of(), List.of(), CAMPAIGN, "directory " + path);
    }

    /** The cgroup v2 group of the services. */
    public static Resource cgroup(String dir) {
        return new Resource("cgroup", dir, null, List.of(), List.of(), CAMPAIGN, "the services' cgroup " + dir);
    }

    /** A command that releases something, run with the given scope. */
    public static Resource command(List<String> argv, String scope, String label) {
        return new Resource("command", null, null, List.copyOf(argv), List.of(), scope, label);
    }

    /** A service that {@code stop} stops and {@code check} tells running. */
    public static Resource service(List<String> stop, List<String> check, String label) {
        return new Resource("service", null, null, List.copyOf(stop), List.copyOf(check), CAMPAIGN, label);
    }

    /** The shell command that releases it by hand: what the teardown does, as a user types it. */
    String byHand() {
        return switch (kind) {
            case "mount" -> "umount -l " + quoted(path);
            case "loop" -> detach(image != null ? image : path);
            case "image", DATASETS_IMAGE -> detach(path) + "; rm -f " + quoted(path);
            case "dir" -> "rmdir --ignore-fail-on-non-empty " + quoted(path);
            case "cgroup" ->
                "for p in $(cat " + quoted(path + "/cgroup.procs") + "); do echo $p > "
                        + quoted(parentOf(path) + "/cgroup.procs") + "; done; rmdir " + quoted(path);
            default -> Releaser.byHand(argv);
        };
    }

    private static String parentOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }

    // detaches every loop device attached to the image
    private static String detach(String image) {
        return "losetup --noheadings --output NAME --associated " + quoted(image) + " | xargs -r -n 1 losetup -d";
    }

    private static String quoted(String s) {
        return s.matches("[A-Za-z0-9_./+:=@%-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
