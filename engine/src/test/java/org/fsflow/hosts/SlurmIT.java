package org.fsflow.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.result.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --via slurm} on a one-node Slurm cluster that the test starts (munged, slurmctld, slurmd
 * from Debian's packages, config and state in a temp dir, 127.0.0.1 only; scripts/local-slurm.sh)
 * and stops: the quick-start campaign runs as one exclusive job, its job id and node are recorded,
 * and its results are merged with the node as the host axis.
 */
// alone: its Slurm daemons use fixed ports, and its job takes the machine's own host lock
@org.junit.jupiter.api.Tag("alone")
class SlurmIT {

    @TempDir
    Path dir;

    Path cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = dir.resolve("slurm");
        Process p = new ProcessBuilder(
                        HostsIT.ROOT.resolve("scripts/local-slurm.sh").toString(), "start", cluster.toString())
                .redirectErrorStream(true)
                .start();
        String said = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), said);
    }

    @AfterEach
    void stopCluster() throws Exception {
        new ProcessBuilder(HostsIT.ROOT.resolve("scripts/local-slurm.sh").toString(), "stop", cluster.toString())
                .inheritIO()
                .start()
                .waitFor();
    }

    @Test
    void theCampaignRunsAsAnExclusiveJobAndItsJobAndNodeAreRecorded() throws Exception {
        Path out = dir.resolve("out");
        ProcessBuilder pb = new ProcessBuilder(List.of(
                        "java",
                        "-jar",
                        HostsIT.JAR,
                        "run",
                        HostsIT.ROOT.resolve("scenarios/quickstart.yaml").toString(),
                        "--via",
                        "slurm",
                        "--partition",
                        "test",
                        "--nodes",
                        "localhost",
                        "--set",
                        "repeat=1",
                        "--out",
                        out.toString()))
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("fsflow.log").toFile());
        pb.environment().put("SLURM_CONF", cluster.resolve("slurm.conf").toString());
        Process fsflow = pb.start();
        try {
            assertTrue(fsflow.waitFor(300, TimeUnit.SECONDS), Files.readString(dir.resolve("fsflow.log")));
        } finally {
            fsflow.destroy();
        }
        String log = Files.readString(dir.resolve("fsflow.log"));
        assertEquals(0, fsflow.exitValue(), log);
        JsonNode host = Json.MAPPER
                .readTree(out.resolve(HostsFile.FILE).toFile())
                .path("hosts")
                .get(0);
        assertEquals("DONE", host.path("status").asText(), log);
        assertTrue(host.path("job").asText().matches("\\d+"), host.toString());
        assertEquals("localhost", host.path("node").asText(), host.toString());
        List<String> rows = Files.readAllLines(out.resolve("results.jsonl"));
        assertFalse(rows.isEmpty(), log);
        for (String row : rows) {
            assertEquals(
                    "localhost",
                    Json.MAPPER.readTree(row).path("cell").path("host").asText(),
                    row);
        }
        assertTrue(log.contains("[localhost] Slurm job " + host.path("job").asText() + " on node localhost"), log);
    }
}
