package org.fsflow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Test cleanup: releases what a test's campaign may have left under its own directories (mounts,
 * loop devices whose image lives there), and nothing else. Called from @AfterEach, so it runs
 * when a test fails too.
 */
public final class Leftovers {

    private Leftovers() {}

    /** Unmounts every mount under {@code dirs} (deepest first) and detaches loop devices of images there. */
    public static List<String> release(Path... dirs) throws IOException, InterruptedException {
        List<String> released = new ArrayList<>();
        List<String> mounts = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/mounts"))) {
            String mnt = line.split(" ")[1].replace("\\040", " ");
            for (Path d : dirs) {
                if (mnt.startsWith(d.toAbsolutePath().toString())) {
                    mounts.add(mnt);
                }
            }
        }
        mounts.sort(Comparator.comparing(String::length).reversed());
        for (String mnt : mounts) {
            sh("umount", "-l", mnt);
            released.add("mount " + mnt);
        }
        String list = sh("losetup", "--noheadings", "--output", "NAME,BACK-FILE", "--list");
        for (String line : list.split("\n")) {
            String[] f = line.trim().split("\\s+", 2);
            if (f.length < 2) {
                continue;
            }
            for (Path d : dirs) {
                if (f[1].startsWith(d.toAbsolutePath().toString())) {
                    sh("losetup", "--detach", f[0]);
                    released.add("loop " + f[0]);
                }
            }
        }
        return released;
    }

    static String sh(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }

    /** True when a loop device is attached to an image under {@code dir}. */
    public static boolean loopsUnder(Path dir) throws IOException, InterruptedException {
        return sh("losetup", "--noheadings", "--output", "BACK-FILE", "--list")
                .contains(dir.toAbsolutePath().toString());
    }

    /** The QEMU processes whose command line names something under {@code dir} (a test's own guests). */
    public static List<Long> qemuNaming(Path dir) throws IOException {
        List<Long> pids = new java.util.ArrayList<>();
        try (java.util.stream.Stream<Path> procs = java.nio.file.Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                String cmd;
                try {
                    cmd = new String(
                                    java.nio.file.Files.readAllBytes(p.resolve("cmdline")),
                                    java.nio.charset.StandardCharsets.UTF_8)
                            .replace('\0', ' ');
                } catch (IOException e) {
                    continue; // it ended meanwhile
                }
                if (cmd.contains("qemu-system") && cmd.contains(dir.toString())) {
                    pids.add(Long.valueOf(p.getFileName().toString()));
                }
            }
        }
        return pids;
    }

    /** True when something is mounted under {@code dir}. */
    public static boolean mountsUnder(Path dir) throws IOException {
        return Files.readString(Path.of("/proc/mounts")).contains(" " + dir.toAbsolutePath() + "/");
    }
}
