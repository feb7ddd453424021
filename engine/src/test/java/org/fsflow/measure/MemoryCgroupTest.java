package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a memory budget's cgroup goes, on fake cgroup trees laid out as v1, v2 and hybrid hosts are. */
class MemoryCgroupTest {

    @TempDir
    Path root;

    private Path dir(String p) throws Exception {
        return Files.createDirectories(root.resolve(p));
    }

    @Test
    void v1BeneathTheOwnMemoryCgroupOfAHybridHost() throws Exception {
        // this machine's layout: v1 controllers, an empty v2 hierarchy under unified/
        Path own = dir("memory/process_api/abc");
        Files.writeString(own.resolve("memory.limit_in_bytes"), "9223372036854771712\n");
        Files.writeString(dir("unified").resolve("cgroup.controllers"), "hugetlb\n");
        List<String> self = List.of("9:name=systemd:/", "4:memory:/process_api/abc", "2:cpuacct:/", "0::/");
        MemoryCgroup.Location at = MemoryCgroup.locate(self, root);
        assertEquals(own, at.own());
        assertEquals(MemoryCgroup.Kind.V1, at.kind());
    }

    @Test
    void v2WhereTheUnifiedHierarchyHasTheMemoryController() throws Exception {
        Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        Path own = dir("system.slice/ci.service");
        MemoryCgroup.Location at = MemoryCgroup.locate(List.of("0::/system.slice/ci.service"), root);
        assertEquals(own, at.own());
        assertEquals(MemoryCgroup.Kind.V2, at.kind());
    }

    @Test
    void noneWithoutAMemoryController() throws Exception {
        Files.writeString(root.resolve("cgroup.controllers"), "cpu pids\n");
        dir("x");
        assertNull(MemoryCgroup.locate(List.of("0::/x"), root));
        Path self = Files.writeString(root.resolve("self"), "0::/x\n");
        MemoryCgroup.Unavailable e =
                assertThrows(MemoryCgroup.Unavailable.class, () -> MemoryCgroup.create("fsflow-1", self, root));
        assertTrue(e.getMessage().contains("no memory cgroup"), e.getMessage());
    }

    @Test
    void createdAndLimitedOnAV1Tree() throws Exception {
        Path own = dir("memory/job");
        Files.writeString(own.resolve("memory.limit_in_bytes"), "9223372036854771712\n");
        Path self = Files.writeString(root.resolve("self"), "4:memory:/job\n");
        // a real kernel populates a new cgroup's files; the fake tree has to be given them
        Files.createDirectories(own.resolve("fsflow-7"));
        Files.writeString(own.resolve("fsflow-7/memory.limit_in_bytes"), "9223372036854771712\n");
        MemoryCgroup cg = MemoryCgroup.create("fsflow-7", self, root);
        assertEquals(own.resolve("fsflow-7"), cg.dir());
        assertEquals(-1, cg.limit());
        cg.limit(128L << 20);
        assertEquals(128L << 20, cg.limit());
        assertEquals(own.resolve("fsflow-7/cgroup.procs"), cg.procs());
        assertEquals("cgroup1-memory.limit_in_bytes", cg.method());
    }

    @Test
    void theOomKillCountIsReadFromV2EventsAndV1OomControl() throws Exception {
        assertEquals(
                3,
                MemoryCgroup.oomKills(List.of("low 0", "high 0", "max 12", "oom 4", "oom_kill 3", "oom_group_kill 0")));
        assertEquals(1, MemoryCgroup.oomKills(List.of("oom_kill_disable 0", "under_oom 0", "oom_kill 1")));
        assertEquals(-1, MemoryCgroup.oomKills(List.of("oom_kill_disable 0", "under_oom 0")), "an old kernel");
        assertEquals(
                "out of memory: the step used more than its budget of 64 MiB", MemoryCgroup.outOfMemory(64L << 20));
        assertEquals(
                "out of memory: the step used more than its budget of 1.5 MiB", MemoryCgroup.outOfMemory(3L << 19));
    }

    @Test
    void oneShellPreludeEntersEveryCgroup() {
        List<Path> procs = List.of(Path.of("/cg/cpu/cgroup.procs"), Path.of("/cg/mem/cgroup.procs"));
        assertEquals(
                List.of(
                        "sh",
                        "-c",
                        "echo $$ > '/cg/cpu/cgroup.procs' || exit 125\n"
                                + "echo $$ > '/cg/mem/cgroup.procs' || exit 125\n"
                                + CpuCgroup.GATE
                                + "cp -r a b"),
                CpuCgroup.entering(procs, List.of("sh", "-c", "cp -r a b")));
        assertEquals(
                List.of(
                        "sh",
                        "-c",
                        "echo $$ > '/cg/mem/cgroup.procs' || exit 125\n" + CpuCgroup.GATE + "exec \"$@\"",
                        "fsflow-step",
                        "true"),
                CpuCgroup.entering(procs.subList(1, 2), List.of("true")));
        assertEquals(List.of("true"), CpuCgroup.entering(List.of(), List.of("true")));
    }
}
