package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest reused for several cell repetitions ({@code vm: reuse}): the agent, run on this host
 * under sh with a file standing for the guest's {@code /proc/sys/vm/drop_caches}, drops the caches
 * between two repetitions and never before the first one, nor in a job that names no such file.
 */
class GuestAgentReuseTest {

    @TempDir
    Path dir;

    private static GuestStep step(String id, String shell, boolean first) {
        return new GuestStep(id, List.of("sh", "-c", shell), null, null, false, 60, Scenario.OnError.CONTINUE, first);
    }

    private List<String> stdout(String caches, List<GuestStep> steps) throws Exception {
        Path job = Files.writeString(dir.resolve("job"), GuestJob.of(null, caches, List.of(), List.of(), steps));
        Path agent = Files.writeString(dir.resolve("agent.sh"), GuestAgent.script());
        Process p = new ProcessBuilder("sh", agent.toString(), job.toString())
                .redirectErrorStream(true)
                .start();
        List<GuestResult> results = new ArrayList<>();
        GuestProtocol protocol = new GuestProtocol(steps, results::add);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        out.lines().forEach(protocol::line);
        assertEquals(0, p.waitFor(), out);
        assertTrue(protocol.complete(), out);
        return results.stream()
                .map(r -> new String(r.stdout(), StandardCharsets.UTF_8).strip())
                .toList();
    }

    @Test
    void theCachesAreDroppedBetweenTwoRepetitionsOnlyNeverBeforeTheFirst() throws Exception {
        Path caches = dir.resolve("drop_caches");
        String read = "cat " + caches + " 2>/dev/null || echo untouched";
        List<GuestStep> steps = List.of(
                step("c/r1/a", read, true),
                step("c/r1/b", read, false),
                step("c/r2/a", read, true),
                step("c/r2/b", "rm " + caches + "; echo removed", false),
                step("c/r3/a", read, true));
        assertEquals(List.of("untouched", "untouched", "3", "removed", "3"), stdout(caches.toString(), steps));
    }

    @Test
    void aJobThatNamesNoCachesFileDropsNothing() throws Exception {
        Path caches = dir.resolve("drop_caches");
        List<GuestStep> steps = List.of(
                step("c/r1/a", "true", true), step("c/r2/a", "cat " + caches + " 2>/dev/null || echo untouched", true));
        assertEquals(List.of("", "untouched"), stdout(null, steps));
    }
}
