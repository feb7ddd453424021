package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fsflow.Leftovers;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faithful measurement for real, on loop devices this test creates: a memory budget makes a copy
 * write its bytes to the device during the step as on a machine with that little RAM; without it
 * the page cache absorbs them; {@code flush: true} moves them into the step; loop devices do
 * direct I/O; no cgroup is left behind. And the clone: a plain {@code cp -r} within xfs
 * (coreutils 9 clones by reflink) moves next to no byte: {@code plan} warns before, and the report
 * names a clone for that step and does not blame the page cache.
 */
// alone: its page-cache margins and cache drops need a machine no other test writes on
@org.junit.jupiter.api.Tag("alone")
class FaithfulIT {

    static final long DATASET = 512L << 20;

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    static final String SCENARIO = """
            fsflow: 1
            name: faithful
            devices:
              source: { loop: { size: 2G }, filesystem: ext4 }
              target: { loop: { size: 4G } }
            filesystems: { ext4: {} }
            datasets: { d: { dirs: 1, files: 64, size: 8MiB } }
            matrix: { dataset: [d], filesystem: [ext4] }
            steps:
              - mkfs
              - mount
              - name: copy-budget
                run: cp -r ${dataset.path} ${target.mnt}/budget
                drop_caches: true
                memory: 128MiB
              - name: copy-free
                run: cp -r ${dataset.path} ${target.mnt}/free
                drop_caches: true
              - name: copy-flush
                run: cp -r ${dataset.path} ${target.mnt}/flush
                drop_caches: true
                flush: true
              - umount
            """;

    @Test
    void aBudgetAndAFlushPutTheCopiedBytesOnTheDeviceDuringTheStep() throws Exception {
        Path f = Files.writeString(dir.resolve("s.yaml"), SCENARIO);
        Path out = dir.resolve("out");
        Map<String, JsonNode> byStep = run(f, out);
        long budget = byStep.get("copy-budget").get("write_bytes").asLong();
        long free = byStep.get("copy-free").get("write_bytes").asLong();
        long flushed = byStep.get("copy-flush").get("write_bytes").asLong();
        String figures = "written during the step: budget " + (budget >> 20) + " MiB, free " + (free >> 20)
                + " MiB, flush " + (flushed >> 20) + " MiB of " + (DATASET >> 20) + " MiB";
        assertTrue(budget >= DATASET * 8 / 10, figures);
        assertTrue(free < budget / 2, figures);
        assertTrue(flushed >= DATASET * 8 / 10, figures);
        // both loop devices of the run did direct I/O, as environment.json and the report say
        JsonNode devices = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.resolve("environment.json").toFile())
                .path("campaign")
                .path("devices");
        for (String device : List.of("source", "target")) {
            assertTrue(devices.path(device).path("direct_io").asBoolean(false), devices.toString());
        }
        assertTrue(
                Files.readString(out.resolve("report.md"))
                        .lines()
                        .anyMatch(l -> l.startsWith("| target | loop |") && l.endsWith("| yes |")),
                "devices table: direct I/O");
        assertTrue(
                byStep.get("copy-flush").get("flush_s").asDouble() > 0,
                byStep.get("copy-flush").toString());
        assertEquals(
                128L << 20, byStep.get("copy-budget").get("memory_budget_bytes").asLong());
        assertTrue(byStep.get("copy-free").get("memory_budget_bytes").isNull());
        assertFalse(Leftovers.loopsUnder(dir) || Leftovers.mountsUnder(dir));
        assertEquals(List.of(), fsflowCgroups());
    }

    /** The scenario: a plain cp -r of 512 MiB within xfs, flushed, under a 128 MiB budget. */
    static final String CLONE = """
            fsflow: 1
            name: clone
            devices:
              source: { loop: { size: 1G }, filesystem: ext4 }
              target: { loop: { size: 2G } }
            filesystems: { xfs: {} }
            datasets: { d: { dirs: 1, files: 4, size: 128MiB } }
            matrix: { dataset: [d], filesystem: [xfs] }
            repeat: 1
            memory: { size: 128MiB, scale: false }
            steps:
              - mkfs
              - mount
              - name: copy-in
                run: cp -r --reflink=never ${dataset.path} ${target.mnt}/d
                flush: true
              - name: copy-within
                run: cp -r ${target.mnt}/d ${target.mnt}/copy
                flush: true
              - umount
            """;

    @Test
    void aPlainCpWithinXfsIsWarnedBeforeAndReportedAsAClone() throws Exception {
        Path f = Files.writeString(dir.resolve("clone.yaml"), CLONE);
        Cli plan = Cli.run("plan", f.toString());
        assertTrue(
                plan.err().contains(":18:")
                        && plan.err()
                                .contains("step 'copy-within' runs cp within device 'target' "
                                        + "without --reflink=never, and xfs clones there"),
                plan.out() + plan.err());
        assertFalse(plan.err().contains("step 'copy-in' runs cp"), plan.err());
        Path out = dir.resolve("out");
        Map<String, JsonNode> byStep = run(f, out);
        JsonNode within = byStep.get("copy-within");
        String figures = "copy-within read " + within.get("read_bytes").asLong() + " B, wrote "
                + within.get("write_bytes").asLong() + " B; copy-in wrote "
                + byStep.get("copy-in").get("write_bytes");
        // the evidence: the byte copy into xfs wrote its 512 MiB, the clone within it next to nothing
        assertTrue(byStep.get("copy-in").get("write_bytes").asLong() >= 400L << 20, figures);
        assertTrue(within.get("write_bytes").asLong() < 64L << 20, figures);
        assertTrue(within.get("flush_s").asDouble() >= 0
                && within.get("memory_budget_bytes").asLong() == 128L << 20);
        List<String> warnings = Files.readString(out.resolve("report.md"))
                .lines()
                .filter(l -> l.startsWith("- ⚠"))
                .toList();
        assertTrue(
                warnings.stream()
                        .anyMatch(w -> w.contains("1 copy was a clone")
                                && w.contains("d/xfs/copy-within")
                                && w.contains("cp --reflink=never")),
                figures + "\n" + String.join("\n", warnings));
        for (String w : warnings) {
            if (!w.contains("was a clone")) {
                assertFalse(w.contains("copy-within") && w.contains("page cache"), w);
                assertFalse(w.contains("flush: true") || w.contains("memory:"), w);
            }
        }
        assertFalse(Leftovers.loopsUnder(dir) || Leftovers.mountsUnder(dir));
    }

    // runs the scenario into out, succeeding; its rows by step (one repetition)
    private Map<String, JsonNode> run(Path scenario, Path out) throws Exception {
        Cli r = Cli.campaign(scenario, out, dir.resolve("work"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return TestResults.read(out).stream()
                .collect(Collectors.toMap(n -> n.get("step").asText(), n -> n));
    }

    /** The cgroups named fsflow-PID of this JVM's runs that are still there (CPU, memory budget). */
    static List<Path> fsflowCgroups() throws Exception {
        String me = "fsflow-" + ProcessHandle.current().pid();
        List<Path> places = new java.util.ArrayList<>(
                List.of(Path.of("/sys/fs/cgroup/unified", me), Path.of("/sys/fs/cgroup", me)));
        for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && List.of(f[1].split(",")).contains("memory")) {
                places.add(Path.of("/sys/fs/cgroup/memory" + f[2]).resolve(me));
            }
        }
        return places.stream().filter(Files::isDirectory).toList();
    }
}
