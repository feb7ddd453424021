package org.fsflow.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fsflow.Leftovers;
import org.fsflow.result.Json;
import org.fsflow.result.Phase;
import org.fsflow.result.Timeline;
import org.fsflow.result.TimelineRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Doctor's estimate of the unmeasured time, phase by phase, against the run it estimated, for real: a
 * campaign run once under reports/, doctor asked about it, the campaign run again; every phase that took
 * half a second or more in either is within a factor of 1.5 of the estimate, or within a second of it: a
 * phase of a second or two moves by half itself between two runs of a new JVM (generating 3,000 files took
 * 1.59 s in one run and 1.04 s in the next on a CI machine), which says nothing of the estimate.
 */
// alone: it claims a phase of one run is within x1.5 of the same phase of another, which a neighbour's
// changing load breaks (beside CI's other test JVMs, one run's copies took 7.06 s to verify, the next's 3.44 s)
@org.junit.jupiter.api.Tag("alone")
class DoctorPhasesIT {

    static final double FACTOR = 1.5;

    // what two runs of a short phase differ by with no fault in the estimate
    static final double SLACK_S = 1.0;

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() throws Exception {
        Leftovers.release(dir);
    }

    @Test
    void theEstimateOfEachPhaseIsWithinAFactorOfOneAndAHalfOfTheRun() throws Exception {
        Path f = Files.writeString(dir.resolve("phases.yaml"), """
                fsflow: 1
                name: phases
                devices:
                  source: { loop: { size: 512MiB }, filesystem: ext4 }
                  target: { loop: { size: 512MiB } }
                filesystems: { ext4: {} }
                datasets:
                  d: { dirs: 8, files: 3000, size: 16KiB }
                matrix: { dataset: [d], filesystem: [ext4] }
                repeat: 3
                steps:
                  - mkfs
                  - mount
                  - name: copy-in
                    run: cp -r ${dataset.path} ${target.mnt}
                    verify: true
                  - name: walk
                    run: du -s ${target.mnt}
                    drop_caches: true
                  - umount
                """);
        // each command in its own JVM, as a user runs them: in the test's JVM the second run would find
        // the code the first one warmed up, and generate its datasets faster
        String first = fsflow(
                "run",
                f.toString(),
                "--out",
                dir.resolve("reports/phases").toString(),
                "--work",
                dir.resolve("w1").toString());
        // doctor looks for earlier runs under reports/ of the directory it is started in
        String json = fsflow(
                "doctor",
                f.toString(),
                "--format",
                "json",
                "--work",
                dir.resolve("w2").toString(),
                "--out",
                dir.resolve("second").toString());
        JsonNode phases = Json.MAPPER
                .readTree(json.substring(json.indexOf('{')))
                .path("duration")
                .path("phases_seconds");
        assertTrue(phases.isObject() && phases.size() > 0, json);

        fsflow(
                "run",
                f.toString(),
                "--out",
                dir.resolve("second").toString(),
                "--work",
                dir.resolve("w2").toString());
        Map<Phase, Double> ran = new EnumMap<>(Phase.class);
        for (TimelineRow r : Timeline.read(dir.resolve("second")).orElseThrow().rows()) {
            ran.merge(Phase.of(r.phase()), r.seconds(), Double::sum);
        }
        List<String> checked = new ArrayList<>();
        for (Phase p : Phase.values()) {
            double estimated = phases.path(p.key()).asDouble(0);
            double actual = ran.getOrDefault(p, 0.0);
            if (Math.max(estimated, actual) < 0.5) {
                continue;
            }
            checked.add(p.key() + " " + estimated + " against " + actual);
            double allowed = Math.max((FACTOR - 1) * Math.min(estimated, actual), SLACK_S);
            assertTrue(
                    actual > 0 && Math.abs(estimated - actual) <= allowed,
                    p.key() + ": estimated " + estimated + " s, the run took " + actual + " s\n" + json + "\n" + ran);
        }
        System.out.println("doctor's phases against the run: " + checked);
        assertTrue(checked.size() >= 2, "at least two phases took half a second: " + ran + "\n" + json + first);
    }

    // fsflow ARGS in its own JVM, started in the test's directory; its output (it must exit 0)
    private String fsflow(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of(
                "java",
                "-jar",
                Path.of(System.getProperty("fsflow.jar", "target/fsflow.jar"))
                        .toAbsolutePath()
                        .toString()));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(600, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
