package org.fsflow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.device.Capabilities;
import org.fsflow.plan.Cell;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Planner;
import org.fsflow.scenario.KernelSpec;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fsflow doctor} on a shipped scenario, on this real host: the runner's verdicts, nothing
 * changed.
 */
class DoctorIT {

    @TempDir
    Path tmp;

    /**
     * The mounts that appeared since {@code before}, except those under another test's temporary
     * directory: other test JVMs run campaigns at the same time (see the pom), and their mounts are
     * theirs. Anything else, under this test's directory or anywhere on the machine, is doctor's.
     */
    private List<String> notOtherTests(List<String> before) throws IOException {
        String own = tmp.toRealPath().toString() + "/";
        return Files.readAllLines(Path.of("/proc/mounts")).stream()
                .filter(line -> !before.contains(line))
                .filter(line -> {
                    String point = line.split(" ")[1];
                    return !point.startsWith("/tmp/junit-") || point.startsWith(own);
                })
                .toList();
    }

    @Test
    void cds2009VerdictsAreTheRunnersAndNothingIsCreated() throws Exception {
        Path file = Path.of("../scenarios/cds-2009.yaml").toAbsolutePath();
        Path work = tmp.resolve("work");
        Path out = tmp.resolve("out");
        List<String> mountsBefore = Files.readAllLines(Path.of("/proc/mounts"));
        Cli r = Cli.run(
                "doctor",
                file.toString(),
                "--scale",
                "0.001",
                "--set",
                "repeat=1",
                "--work",
                work.toString(),
                "--out",
                out.toString());
        assertTrue(r.noStackTrace(), r.err());
        Scenario s = ScenarioLoader.load(file, new Overrides(java.util.List.of("repeat=1"), 0.001))
                .scenario();
        Capabilities capabilities = new Capabilities();
        boolean allRun = true;
        for (Cell cell : Planner.plan(s, new Layout(out, work), 0).cells()) {
            // a cell under another kernel runs in a guest: the host's kernel does not decide it
            String why = s.kernelOf(cell.coordinates()).isHost()
                    ? capabilities.missing(s.filesystems().get(cell.filesystem()))
                    : null;
            KernelSpec kernel = s.kernelOf(cell.coordinates());
            // a regular expression: the place of a cell that runs (a guest's with its accelerator), or the skip
            String place = kernel.isHost()
                    ? "on the host"
                    : "in a (QEMU|user-mode Linux) guest under \\Q" + kernel.name()
                            + "\\E \\((KVM|TCG|UML|KVM or TCG, by the boot probe)\\)";
            String verdict = why == null ? "run " + place : "\\Qskip: " + why + "\\E";
            assertTrue(
                    r.out().lines().anyMatch(l -> l.matches(" +\\Q" + cell.id() + "\\E +" + verdict)),
                    verdict + "\n" + r.out() + r.err());
            allRun &= why == null;
        }
        assertTrue(r.out().contains("disk: needs about") && r.out().contains("memory: needs about"), r.out());
        assertTrue(r.out().contains("duration: "), r.out());
        assertEquals(allRun ? 0 : 1, r.exitCode(), r.out());
        assertTrue(!Files.exists(work) && !Files.exists(out), "doctor creates nothing");
        assertEquals(List.of(), notOtherTests(mountsBefore), "doctor mounts nothing");
    }
}
