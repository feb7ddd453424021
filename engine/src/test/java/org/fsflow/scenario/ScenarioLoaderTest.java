package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.lang.Diagnostic;
import org.fsflow.lang.ScenarioException;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.Test;

class ScenarioLoaderTest {

    private static Scenario load(String text, Overrides o) throws Exception {
        return ScenarioLoader.load(SourceText.of("t.yaml", text), o).scenario();
    }

    @Test
    void smallestScenarioIsOneDirDeviceAndSteps() throws Exception {
        Scenario s = ScenarioLoader.load(TestPaths.resources("valid").resolve("smallest.yaml"), Overrides.NONE)
                .scenario();
        assertInstanceOf(Device.Dir.class, s.devices().get("target"));
        assertEquals(1, s.steps().size());
        assertTrue(s.filesystems().isEmpty()
                && s.datasets().isEmpty()
                && s.matrix().axes().isEmpty());
        assertTrue(s.steps().get(0).run().shell());
    }

    @Test
    void paramsAreSubstitutedInEveryStringFieldAfterSet() throws Exception {
        String text = String.join(
                "\n",
                "fsflow: 1",
                "name: t",
                "title: Runs at ${params.n} repetitions",
                "params: { opts: rw, n: 3, where: /srv, fs: ext4, size: 2G }",
                "devices:",
                "  target: { loop: { size: \"${params.size}\" }, mount: \"${params.where}/mnt\" }",
                "  scratch: { dir: \"${params.where}\" }",
                "filesystems:",
                "  ext4: { mount_options: [\"${params.opts}\"], mkfs_options: \"-L $${x}\" }",
                "matrix:",
                "  filesystem: [\"${params.fs}\"]",
                "repeat: ${params.n}",
                "steps: [mkfs, mount, umount]",
                "");
        Scenario s = load(text, new Overrides(List.of("opts=ro,noatime", "n=4"), 1.0));
        assertEquals("Runs at 4 repetitions", s.title());
        assertEquals(4, s.repeat().max());
        assertEquals(List.of("ro", "noatime"), s.filesystems().get("ext4").mountOptions());
        assertEquals(List.of("-L", "${x}"), s.filesystems().get("ext4").mkfsOptions());
        assertEquals("ext4", s.matrix().axes().get("filesystem").get(0).value());
        assertEquals(
                java.nio.file.Path.of("/srv/mnt"), s.devices().get("target").mountPoint());
        assertEquals(2L << 30, ((Device.Loop) s.devices().get("target")).sizeBytes());
        assertEquals(java.nio.file.Path.of("/srv"), s.devices().get("scratch").mountPoint());
    }

    @Test
    void everyKeyIsRead() throws Exception {
        Scenario s = ScenarioLoader.load(TestPaths.resources("valid").resolve("every-key.yaml"), Overrides.NONE)
                .scenario();
        assertEquals(Scenario.Order.SHUFFLED, s.order());
        assertEquals(42L, s.seed());
        assertTrue(s.repeat().adaptive());
        assertEquals(0.03, s.repeat().targetCv(), 1e-12);
        assertEquals(0.05, s.repeat().precision(), 1e-12);
        assertEquals(java.time.Duration.ofMinutes(90), s.repeat().budget());
        Dataset range = s.datasets().get("range");
        assertInstanceOf(Dataset.SizeSpec.LogUniform.class, range.size());
        assertEquals(Dataset.Content.Kind.COMPRESSIBLE, range.content().kind());
        assertEquals(
                List.of("noatime", "nodiratime"),
                s.filesystems().get("xfs-nobarrier").mountOptions());
        assertEquals("xfs", s.filesystems().get("xfs-nobarrier").type());
        Filesystem zfs = s.filesystems().get("zfs");
        assertEquals(List.of("zpool", "zfs"), zfs.lifecycle().requires());
        assertTrue(!zfs.lifecycle().create().shell());
        Step dd = s.steps().stream()
                .filter(x -> x.name().equals("dd"))
                .findFirst()
                .orElseThrow();
        assertEquals("dd", dd.parse());
        assertEquals(CustomParse.From.AFTER, dd.figures().from());
        assertEquals("(?m)^\\s*(\\d+)\\s*$", dd.figures().regex().pattern());
        assertEquals(
                new CustomParse.Figure(
                        "used_bytes",
                        1,
                        null,
                        "B",
                        "lower",
                        dd.figures().metrics().get(0).where()),
                dd.figures().metrics().get(0));
        Step size = s.steps().stream()
                .filter(x -> x.name().equals("size"))
                .findFirst()
                .orElseThrow();
        assertEquals(CustomParse.From.RUN, size.figures().from());
        assertEquals("/size", size.figures().metrics().get(0).pointer());
        assertNull(size.parse());
        Step mkfsDisk = s.steps().stream()
                .filter(x -> x.name().equals("mkfs-disk"))
                .findFirst()
                .orElseThrow();
        assertEquals("disk", mkfsDisk.device());
        assertEquals(Step.Action.MKFS, mkfsDisk.action());
        assertEquals(Scenario.OnError.ABORT, s.steps().get(3).onError());
        assertNull(s.steps().get(0).onError());
    }

    @Test
    void scaleKeepsTheTreesShapeAndCutsFileSizesLast() throws Exception {
        String text = """
                fsflow: 1
                name: t
                devices: { target: { dir: /tmp } }
                datasets:
                  test2: { dirs: 48, files: 64, size: 4MiB }
                  test3: { dirs: 128, files: 1024, size: 16KiB }
                  test1: { depth: 0, files: 3, size: 4GiB }
                  tree: { dirs: 10, depth: 2, files: 17, size: 4KiB }
                matrix: { dataset: [test1, test2, test3, tree] }
                repeat: 3
                steps: [ { name: a, run: "true" } ]
                """;
        Scenario s = load(text, new Overrides(List.of(), 0.01));
        Scenario tenth = load(text, new Overrides(List.of(), 0.1));
        Dataset t2 = s.datasets().get("test2");
        assertEquals(1, t2.dirs(), "directories go first");
        assertEquals(31, t2.files(), "then the files of the one directory left: 3,072 x 0.01");
        assertEquals(4L << 20, ((Dataset.SizeSpec.Fixed) t2.size()).bytes(), "file size kept while counts can shrink");
        Dataset t3 = s.datasets().get("test3");
        assertEquals(1, t3.dirs());
        assertEquals(1024, t3.files(), "a directory keeps its files while directories can go");
        assertEquals(16 * 1024, ((Dataset.SizeSpec.Fixed) t3.size()).bytes());
        Dataset tree = tenth.datasets().get("tree");
        assertEquals(3, tree.dirs(), "each level alike: 10 x sqrt(0.1), rounded");
        assertEquals(17, tree.files(), "every leaf directory keeps its 17 files");
        Dataset t1 = s.datasets().get("test1");
        assertEquals(1, t1.files());
        long scaled = ((Dataset.SizeSpec.Fixed) t1.size()).bytes();
        assertEquals(Math.round((4L << 30) * 0.03), scaled, "only one file left: its size shrinks");
    }

    @Test
    void quietIsOffUnlessWrittenAndItsMistakesAreLocated() throws Exception {
        String text = "fsflow: 1\nname: t\ndevices: { target: { dir: /tmp } }\nsteps: [sync]\n";
        assertEquals(Quiet.NONE, load(text, Overrides.NONE).quiet());
        Quiet q =
                load(text + "quiet: { wait: 30s, retake: 2 }\n", Overrides.NONE).quiet();
        assertEquals(new Quiet(java.time.Duration.ofSeconds(30), 2), q);
        assertTrue(q.waits());
        ScenarioException e = assertThrows(
                ScenarioException.class, () -> load(text + "quiet: { retake: -1, wiat: 3s }\n", Overrides.NONE));
        String all = e.diagnostics().toString();
        assertTrue(all.contains("quiet: retake"), all);
        assertTrue(all.contains("wiat"), all);
        assertEquals(5, e.diagnostics().get(0).location().line(), all);
    }

    @Test
    void overriddenValuesAreLocatedAtTheOption() {
        String text = "fsflow: 1\nname: t\ndevices: { target: { dir: /tmp } }\nrepeat: 3\nsteps: [sync]\n";
        ScenarioException e =
                assertThrows(ScenarioException.class, () -> load(text, new Overrides(List.of("repeat=many"), 1)));
        assertEquals("--set repeat=many", e.diagnostics().get(0).location().origin());
        assertEquals(
                Overrides.Invalid.class,
                assertThrows(Overrides.Invalid.class, () -> load(text, new Overrides(List.of("repeat"), 1)))
                        .getClass());
    }

    @Test
    void warningsDoNotFail() throws Exception {
        var loaded = ScenarioLoader.load(
                SourceText.of(
                        "t.yaml", "fsflow: 1\nname: t\ndevices: { target: { dir: /tmp } }\nrepeat: 2\nsteps: [sync]\n"),
                Overrides.NONE);
        assertEquals(1, loaded.warnings().size());
        assertTrue(loaded.warnings().get(0).message().contains("fewer than 3 repetitions"));
    }

    @Test
    void memoryBudgetsScaleWithTheDatasetsUnlessToldNot() throws Exception {
        String text = """
                fsflow: 1
                name: t
                params: { ram: 1024 }
                devices: { target: { loop: { size: 8G, direct_io: false } } }
                filesystems: { ext4: {} }
                datasets: { d: { dirs: 1, files: 100, size: 10MiB } }
                matrix: { dataset: [d], filesystem: [ext4], memory: [512MiB, 2GiB] }
                memory: ${params.ram}MiB
                warmup: 2
                steps:
                  - mkfs
                  - name: w
                    run: "true"
                    flush: true
                    memory: 256MiB
                """;
        Scenario s = load(text, Overrides.NONE);
        assertEquals(1024L << 20, s.memory().effectiveBytes());
        assertEquals(2, s.warmup());
        assertTrue(!((Device.Loop) s.devices().get("target")).directIo());
        Step w = s.steps().get(1);
        assertTrue(w.flush());
        assertEquals(
                256L << 20,
                MemoryBudget.of(s, java.util.Map.of("memory", "2GiB"), w).effectiveBytes());
        assertEquals(
                2L << 30,
                MemoryBudget.of(s, java.util.Map.of("memory", "2GiB"), s.steps().get(0))
                        .effectiveBytes());
        // a tenth of the files: a tenth of the data, a tenth of the RAM
        Scenario tenth = load(text, new Overrides(List.of(), 0.1));
        assertEquals(Math.round((1024L << 20) * 0.1), tenth.memory().effectiveBytes());
        Scenario fixed = load(
                text.replace("${params.ram}MiB", "{ size: 1GiB, scale: false }"), new Overrides(List.of("ram=8"), 0.1));
        assertEquals(1L << 30, fixed.memory().effectiveBytes());
    }

    @Test
    void aBudgetBelowWhatToolsNeedIsRaisedWithAWarning() throws Exception {
        String text = """
                fsflow: 1
                name: t
                devices: { target: { dir: /tmp } }
                datasets: { d: { dirs: 1, files: 1000, size: 1MiB } }
                matrix: { dataset: [d] }
                repeat: 3
                memory: 512MB
                steps:
                  - name: w
                    run: "true"
                """;
        ScenarioLoader.Loaded l = ScenarioLoader.load(SourceText.of("t.yaml", text), new Overrides(List.of(), 0.01));
        assertEquals(MemoryBudget.MIN_BYTES, l.scenario().memory().effectiveBytes());
        assertTrue(l.scenario().memory().raisedToFloor());
        Diagnostic d = l.warnings().stream()
                .filter(x -> x.message().contains("memory is"))
                .findFirst()
                .orElseThrow();
        assertEquals(7, d.location().line());
        assertTrue(d.message().contains("fsflow applies 64 MiB"), d.message());
    }
}
