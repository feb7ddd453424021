package org.fsflow.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.fsflow.scenario.Matrix;
import org.junit.jupiter.api.Test;

/** The pure parts of a campaign over hosts: ssh options, remote commands, the split, the merge. */
class HostsUnitTest {

    @Test
    void aRemoteFsflowEndedByTheSignalFsflowSentIsInterruptedAnyOtherDeathIsLost() {
        HostState running = new HostState("h1", HostState.Status.PENDING, "/d", null, null, List.of(), null, null);
        assertEquals(
                HostState.Status.INTERRUPTED,
                HostJob.ended(running, 143, "", true).status());
        assertEquals(
                HostState.Status.INTERRUPTED,
                HostJob.ended(running, 130, "", true).status());
        assertEquals(
                HostState.Status.INTERRUPTED,
                HostJob.ended(running, 3, "", false).status());
        assertEquals(
                HostState.Status.LOST, HostJob.ended(running, 143, "", false).status());
        assertEquals(
                HostState.Status.LOST, HostJob.ended(running, 137, "", true).status());
        assertEquals(HostState.Status.DONE, HostJob.ended(running, 0, "", true).status());
    }

    @Test
    void sshIsBatchWithTimeoutsAndNeverTouchesHostKeyChecking() {
        List<String> c = new Ssh(Path.of("/t/ssh.conf")).run("root@r1", "true");
        assertEquals(
                List.of(
                        "ssh",
                        "-F",
                        "/t/ssh.conf",
                        "-o",
                        "BatchMode=yes",
                        "-o",
                        "ConnectTimeout=10",
                        "-o",
                        "ServerAliveInterval=5",
                        "-o",
                        "ServerAliveCountMax=3",
                        "-T",
                        "--",
                        "root@r1",
                        "true"),
                c);
        List<String> all = new java.util.ArrayList<>(c);
        all.addAll(new Ssh(null).download("r1", "/d/out", Path.of("x")));
        all.addAll(new Ssh(null).upload(List.of(Path.of("a")), "r1", "/d"));
        assertFalse(
                all.stream()
                        .anyMatch(a -> a.contains("StrictHostKeyChecking")
                                || a.contains("KnownHosts")
                                || a.contains("Password")),
                all.toString());
    }

    @Test
    void remoteCommandsQuoteEveryValue() {
        assertEquals("'it'\\''s'", Ssh.quote("it's"));
        String engine = RemoteCommands.engine("/var/tmp/x y", List.of("run", "a;b.yaml"));
        assertTrue(engine.startsWith("sh -c 'cd '\\''/var/tmp/x y'\\'' || exit 125;"), engine);
        assertTrue(engine.contains("kill -TERM $pid"), engine);
        assertEquals(17, RemoteCommands.javaMajor("openjdk version \"17.0.21.1\" 2026-11-17"));
        assertEquals(8, RemoteCommands.javaMajor("java version \"1.8.0_401\""));
        assertEquals(0, RemoteCommands.javaMajor("no java"));
    }

    static Matrix matrix(String axis, String... values) {
        Map<String, List<Matrix.Value>> axes = new LinkedHashMap<>();
        axes.put("dataset", List.of(new Matrix.Value("small", Location.of("s", 1, 1))));
        axes.put(
                axis,
                java.util.Arrays.stream(values)
                        .map(v -> new Matrix.Value(v, Location.of("s", 1, 1)))
                        .toList());
        return new Matrix(axes);
    }

    @Test
    void splitDealsTheFirstLongEnoughAxisRoundRobin() {
        assertEquals(
                List.of("matrix.filesystem=ext4,btrfs", "matrix.filesystem=xfs"),
                Split.of(matrix("filesystem", "ext4", "xfs", "btrfs"), 2));
        assertEquals(List.of("matrix.dataset=small"), Split.of(matrix("filesystem", "ext4"), 1));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Split.of(matrix("filesystem", "ext4", "xfs"), 3));
        assertTrue(e.getMessage().contains("dataset (1), filesystem (2)"), e.getMessage());
    }

    @Test
    void mergeAddsTheHostFirstInCellAndNodeAndKeepsTheRestByteForByte() throws Exception {
        String line = "{\"node\":\"small/ext4/r1/walk\",\"step\":\"walk\",\"cell\":{\"dataset\":\"small\"},"
                + "\"real_s\":0.10000000000000001}";
        assertEquals(
                "{\"node\":\"h1/small/ext4/r1/walk\",\"step\":\"walk\",\"cell\":{\"host\":\"h1\","
                        + "\"dataset\":\"small\"},\"real_s\":0.10000000000000001}",
                HostMerger.withHost(line, "h1"));
        assertEquals(
                "{\"node\":\"h2/x\",\"cell\":{\"host\":\"h2\"}}",
                HostMerger.withHost("{\"node\":\"x\",\"cell\":{}}", "h2"));
    }
}
