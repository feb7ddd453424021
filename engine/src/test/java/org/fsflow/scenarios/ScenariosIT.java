package org.fsflow.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fsflow.Leftovers;
import org.fsflow.TestPaths;
import org.fsflow.TestResults;
import org.fsflow.cli.Cli;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped scenario runs for real at its smallest scale, with the options of the "Smoke run"
 * line in its own comments (so the documented command is the tested one): every cell the kernel
 * is ok (reiserfs and jfs, which the host's kernel lacks, in a VM under Debian's 6.1 kernel, with
 * their control cells, and cells whose kernel axis names a Debian 6.1 kernel), and nothing stays
 * attached, mounted or running.
 */
class ScenariosIT {

    /** Filesystems the host's kernel lacks: the seeds run them in a VM. */
    static final Set<String> IN_A_VM = Set.of("reiserfs", "jfs", "ext3-vm", "xfs-vm");

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    /**
     * The scenarios whose cells all run in guests (crash cells, a kernel axis): {@link
     * GuestScenariosIT} runs them, so that the two classes' smoke runs take about as long and can
     * run at once. Both zfs-fuse scenarios stay here: zfs-fuse has one daemon per machine.
     */
    static final Set<String> ALL_IN_GUESTS = Set.of("crash-recovery.yaml", "history-kernels.yaml");

    static List<Path> all() throws IOException {
        try (Stream<Path> s = Files.list(TestPaths.root().resolve("scenarios"))) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    /** scenarios/everyday.yaml is docs/tutorial.md's listing: TutorialIT runs its smoke command, as the page prints it. */
    static final Set<String> RUN_BY_THE_TUTORIAL = Set.of("everyday.yaml");

    static List<Path> scenarios() throws IOException {
        return all().stream()
                .filter(p -> !ALL_IN_GUESTS.contains(p.getFileName().toString()))
                .filter(p -> !RUN_BY_THE_TUTORIAL.contains(p.getFileName().toString()))
                .toList();
    }

    /** The options after "./fsflow run scenarios/NAME.yaml" in the scenario's comments. */
    static List<String> smokeOptions(Path scenario) throws IOException {
        String marker = "./fsflow run scenarios/" + scenario.getFileName();
        for (String line : Files.readAllLines(scenario)) {
            int at = line.indexOf(marker);
            if (line.startsWith("#") && at >= 0) {
                String rest = line.substring(at + marker.length()).strip();
                return rest.isEmpty() ? List.of() : Arrays.asList(rest.split("\\s+"));
            }
        }
        throw new AssertionError(scenario + " has no '# ... " + marker + " ...' smoke-run line");
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void runsAtItsSmallestScale(Path scenario) throws Exception {
        smoke(scenario, dir);
    }

    /** Runs {@code scenario}'s smoke command under {@code dir} and checks every row and that nothing is left. */
    static void smoke(Path scenario, Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path work = dir.resolve("work");
        List<String> args = new ArrayList<>(
                List.of("run", scenario.toString(), "--out", out.toString(), "--work", work.toString()));
        args.addAll(smokeOptions(scenario));
        Cli r = Cli.run(args.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<JsonNode> rows = TestResults.read(out);
        assertFalse(rows.isEmpty());
        for (JsonNode row : rows) {
            String fs = row.get("filesystem").asText();
            String status = row.get("status").asText();
            if (status.equals("skipped") && row.path("reason").asText().startsWith("aged cell")) {
                continue; // an aged cell's mkfs: its aged image is written instead, unmeasured
            }
            assertEquals("ok", status, row.toString());
            JsonNode kernelAxis = row.path("cell").path("kernel");
            boolean vmKernel = kernelAxis.isTextual() && !kernelAxis.asText().equals("host");
            boolean crashPoint = row.has("crash"); // crash cells record and recover in guests
            if (IN_A_VM.contains(fs) || vmKernel || crashPoint) {
                assertTrue(row.get("virt").asText().matches("kvm|tcg"), row.toString());
                assertTrue(row.get("kernel").asText().startsWith("6.1."), row.toString());
            } else {
                assertEquals("host", row.get("virt").asText(), row.toString());
            }
        }
        assertTrue(Files.exists(out.resolve("report.html")) && Files.exists(out.resolve("report.md")));
        assertFalse(Leftovers.loopsUnder(work), "no loop device left");
        assertFalse(Leftovers.mountsUnder(work), "no mount left");
        assertEquals(List.of(), Leftovers.qemuNaming(dir), "no QEMU of this run left running");
        assertFalse(
                Files.exists(work.resolve("vm/target.img")) || Files.exists(work.resolve("vm/source.img")),
                "no VM image left");
        try (Stream<Path> crash =
                Files.exists(work.resolve("crash")) ? Files.list(work.resolve("crash")) : Stream.empty()) {
            assertEquals(List.of(), crash.toList(), "no crash image left");
        }
    }
}
