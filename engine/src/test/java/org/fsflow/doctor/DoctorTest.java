package org.fsflow.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.SourceText;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Filesystem;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.vm.Accel;
import org.fsflow.vm.Accelerators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoctorTest {

    private static final String TEXT = """
            fsflow: 1
            name: doc
            devices:
              target: { loop: { size: 2G } }
              ram: { tmpfs: { size: 1G } }
            filesystems: { ext4: {}, xfs: {}, reiserfs: {} }
            datasets:
              a: { dirs: 1, files: 4, size: 1MiB }
            matrix: { dataset: [a], filesystem: [ext4, xfs, reiserfs] }
            repeat: 2
            steps:
              - mkfs
              - name: copy
                run: cp -r ${dataset.path} ${target.mnt}
            """;

    @TempDir
    Path tmp;

    /** A host with plenty of room whose capability answers come from a table. */
    record FakeHost(Map<String, String> missing, long free, long mem, String refusal, DiskSpeeds speeds)
            implements Doctor.Host {
        FakeHost(Map<String, String> missing, long free, long mem, String refusal) {
            this(missing, free, mem, refusal, null);
        }

        @Override
        public DiskSpeeds diskSpeeds(Path work) {
            return speeds;
        }

        @Override
        public String missing(Filesystem fs) {
            return missing.get(fs.name());
        }

        @Override
        public long freeBytes(Path path) {
            return free;
        }

        @Override
        public long memAvailableBytes() {
            return mem;
        }

        @Override
        public String deviceRefusal(Scenario scenario) {
            return refusal;
        }

        @Override
        public Accelerators.Verdict accelerator(Path cache) {
            return new Accelerators.Verdict(Accel.TCG, "this host has no /dev/kvm");
        }

        @Override
        public boolean hasProgram(String program) {
            return !missing.containsKey("program " + program);
        }
    }

    private static Plan plan() throws Exception {
        Scenario s = ScenarioLoader.load(SourceText.of("doc.yaml", TEXT), Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    private static final Map<String, String> LACKS = Map.of(
            "xfs", "mkfs.xfs not found: apt-get install xfsprogs",
            "reiserfs", "kernel 6.18 has no reiserfs support (not in /proc/filesystems, no module loads)");

    @Test
    void eachCellGetsTheRunnersVerdictAndAFix() throws Exception {
        Diagnosis d = Doctor.examine(plan(), new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        assertEquals(
                List.of("a/ext4", "a/xfs", "a/reiserfs"),
                d.cells().stream().map(Diagnosis.CellVerdict::cell).toList());
        assertTrue(d.cells().get(0).runs());
        assertNull(d.cells().get(0).fix());
        assertEquals(
                "fsflow setup SCENARIO (installs xfsprogs)", d.cells().get(1).fix());
        assertTrue(
                d.cells().get(2).fix().startsWith("a kernel with reiserfs support"),
                d.cells().get(2).fix());
        assertFalse(d.allClear());
        String printed = print(d);
        assertTrue(printed.contains("a/xfs       skip: mkfs.xfs not found: apt-get install xfsprogs"), printed);
        assertTrue(printed.contains("1 of 3 cells run, 2 skipped (4 measured steps run)"), printed);
        assertTrue(printed.contains("duration: no previous run of doc under reports/: no estimate"), printed);
    }

    @Test
    void aStepWhoseProgramIsMissingIsACampaignProblemWithItsPackage() throws Exception {
        String fio = TEXT.replace(
                "  - name: copy\n",
                "  - name: randwrite\n"
                        + "    run: fio --name=w --rw=randwrite --bs=4k --size=4m --fsync=1 --output-format=json\n"
                        + "    parse: fio\n"
                        + "  - name: copy\n");
        assertTrue(fio.contains("randwrite"), fio);
        Plan p = Planner.plan(
                ScenarioLoader.load(SourceText.of("doc.yaml", fio), Overrides.NONE)
                        .scenario(),
                new Layout(Path.of("/out"), Path.of("/work")),
                0);
        Diagnosis without = Doctor.examine(p, new FakeHost(Map.of("program fio", ""), 1L << 40, 1L << 40, null), tmp);
        assertEquals(
                List.of("step randwrite calls fio (package fio), which is not installed; fix: fsflow setup SCENARIO"
                        + " installs it"),
                without.problems());
        assertFalse(without.allClear());
        Diagnosis with = Doctor.examine(p, new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp);
        assertEquals(List.of(), with.problems());
    }

    private static Plan withStep(String step) throws Exception {
        String text = TEXT.replace("  - name: copy\n", step + "  - name: copy\n");
        assertTrue(text.contains(step), text);
        return Planner.plan(
                ScenarioLoader.load(SourceText.of("doc.yaml", text), Overrides.NONE)
                        .scenario(),
                new Layout(Path.of("/out"), Path.of("/work")),
                0);
    }

    @Test
    void theDiskEstimateCountsWhatFioJobsLayOut() throws Exception {
        Plan p = withStep("  - name: randwrite\n"
                + "    run: fio --rw=randwrite --bs=4k --size=64m --numjobs=2 --name=w --directory=${target.mnt}"
                + " --output-format=json\n");
        Diagnosis d = Doctor.examine(p, new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp);
        Diagnosis.Resource disk = d.resources().get(0);
        long datasets = p.scenario().datasets().get("a").expectedBytes();
        assertEquals((128L << 20) + datasets, disk.neededBytes(), "two jobs of 64 MiB, not the 2 GiB image");
        assertTrue(disk.detail().contains("loop images 128 MiB (the most one cell repetition writes"), disk.detail());
        assertEquals(
                new FioJobs(
                        3L << 30,
                        0,
                        false,
                        List.of(
                                new FioJobs.Transfer(2L << 30, true, false, 4096, false, 1),
                                new FioJobs.Transfer(1L << 30, true, false, 4096, false, 1))),
                FioJobs.of(withStep("  - name: two\n"
                                + "    run: [fio, --size=1g, --numjobs=2, --name=a, --name=b, --size=536870912]\n")
                        .nodes()
                        .stream()
                        .filter(n -> n.measured() && n.step().name().equals("two"))
                        .findFirst()
                        .orElseThrow()
                        .step()));
    }

    @Test
    void theDiskEstimateCountsWhatBeforeCommandsWrite() throws Exception {
        Plan p = withStep("  - name: prepared\n"
                + "    before: dd if=/dev/zero of=${target.mnt}/a bs=1M count=96 && fallocate -l 32M ${target.mnt}/b\n"
                + "    run: cat ${target.mnt}/a ${target.mnt}/b > /dev/null\n");
        Diagnosis.Resource disk = Doctor.examine(p, new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp)
                .resources()
                .get(0);
        long datasets = p.scenario().datasets().get("a").expectedBytes();
        assertEquals((128L << 20) + datasets, disk.neededBytes(), "96 MiB by dd and 32 MiB by fallocate");
        // fio lays out in before: the file the step's own job reads: once
        Plan laid = withStep("  - name: read\n"
                + "    before: fio --name=r --size=64m --rw=read --create_only=1 --directory=${target.mnt}\n"
                + "    run: fio --name=r --size=64m --rw=read --directory=${target.mnt} --output-format=json\n");
        assertEquals(
                (64L << 20) + datasets,
                Doctor.examine(laid, new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp)
                        .resources()
                        .get(0)
                        .neededBytes());
    }

    @Test
    void withoutAnEarlierRunTimeBasedFioJobsGiveARoughLeastDuration() throws Exception {
        Plan p = withStep("  - name: randwrite\n"
                + "    run: fio --name=w --rw=randwrite --bs=4k --size=64m --time_based --runtime=30s --ramp_time=5"
                + " --directory=${target.mnt} --output-format=json\n");
        Diagnosis d = Doctor.examine(p, new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        assertEquals(
                new Diagnosis.Rough(70, 2, 0, 6, null), d.rough(), "a/ext4 alone runs: twice 35 s of fio, of 6 steps");
        String printed = print(d);
        assertTrue(
                printed.contains("duration: at least 1:10, rough (no previous run of doc under reports/: of the 6"
                        + " measured steps, 2 are time-based fio jobs"),
                printed);
        Diagnosis none = Doctor.examine(plan(), new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        assertTrue(print(none).contains("duration: no previous run of doc under reports/: no estimate"));
    }

    @Test
    void withoutAnEarlierRunSizedFioJobsAreCountedAtTheDisksBaseline() throws Exception {
        Plan p = withStep(
                "  - name: randwrite\n"
                        + "    run: fio --name=w --rw=randwrite --bs=4k --size=64m --fsync=1 --directory=${target.mnt}"
                        + " --output-format=json\n"
                        + "  - name: seq\n"
                        + "    run: fio --name=s --rw=write --bs=1m --size=1g --directory=${target.mnt} --output-format=json\n");
        // 1000 random writes a second, 1 ms per fsync; 512 MiB/s in order
        DiskSpeeds disk = new DiskSpeeds(1L << 30, 512L << 20, 2000, 1000, 8000, 4000, 0.001, "2026-12-06T00:00:00Z");
        Diagnosis d = Doctor.examine(p, new FakeHost(LACKS, 1L << 40, 1L << 40, null, disk), tmp);
        // twice (a/ext4 runs twice): 16384 writes at 1 ms plus 16384 fsyncs at 1 ms, and 1 GiB at 512 MiB/s
        assertEquals(2 * (16.384 + 16.384 + 2.0), d.rough().seconds(), 1e-9);
        assertEquals(4, d.rough().sized());
        String printed = print(d);
        assertTrue(
                printed.contains("duration: at least 1:10, rough (no previous run of doc under reports/: of the 8"
                        + " measured steps, 4 move a known size, counted at the speeds the disk under the work"
                        + " directory measured at 2026-12-06T00:00:00Z"),
                printed);
        Diagnosis unmeasured = Doctor.examine(p, new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        assertEquals(0, unmeasured.rough().sized(), "no baseline of the disk: no speed to count them at");
    }

    @Test
    void notRootIsFixedByRootAndARefusedDeviceIsACampaignProblem() throws Exception {
        Map<String, String> notRoot = Map.of("ext4", "formatting and mounting need root: run fsflow as root (sudo)");
        Diagnosis d = Doctor.examine(
                plan(),
                new FakeHost(notRoot, 1L << 40, 1L << 40, "refusing device 'target': /dev/sdz does not exist"),
                tmp);
        assertEquals("run fsflow as root (sudo)", d.cells().get(0).fix());
        assertEquals(1, d.problems().size());
        assertTrue(
                d.problems().get(0).contains("fix: name a spare device"),
                d.problems().get(0));
    }

    @Test
    void aWorkDirectoryOthersCanWriteIsACampaignProblem() throws Exception {
        Path open = Files.createDirectory(tmp.resolve("open"));
        Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Plan p = Planner.plan(plan().scenario(), new Layout(tmp.resolve("out"), open), 0);
        Diagnosis d = Doctor.examine(p, new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp);
        assertEquals(1, d.problems().size());
        assertTrue(
                d.problems()
                        .get(0)
                        .startsWith(
                                "refusing the work directory " + open + ": " + open + " is writable by other users"),
                d.problems().get(0));
        assertFalse(d.allClear());
    }

    @Test
    void diskAndMemoryNeedsAreComparedWithTheHost() throws Exception {
        Plan p = plan();
        Diagnosis d = Doctor.examine(p, new FakeHost(Map.of(), 1L << 30, 1L << 30, null), tmp);
        Diagnosis.Resource disk = d.resources().get(0);
        long datasets = p.scenario().datasets().get("a").expectedBytes();
        assertTrue(datasets > 0);
        assertEquals(
                (2L << 30) + datasets,
                disk.neededBytes(),
                "the loop image at most, and (no source device) the datasets");
        assertFalse(disk.fits());
        Diagnosis.Resource mem = d.resources().get(1);
        assertEquals((512L << 20) + (1L << 30), mem.neededBytes(), "heap and the tmpfs device");
        assertFalse(mem.fits());
        assertTrue(print(d).contains("NOT ENOUGH"));
    }

    @Test
    void theEstimateComesFromTheLatestRunAtTheSameScaleAndLeavesSkippedCellsOut() throws Exception {
        writeRun(tmp.resolve("doc"), 0.5, 100.0);
        writeRun(tmp.resolve("doc-2"), 1, 2.0);
        writeRun(tmp.resolve("other"), 1, 1000.0);
        Diagnosis d = Doctor.examine(plan(), new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        assertEquals(tmp.resolve("doc-2"), d.estimate().from());
        // only a/ext4 runs: 2 steps x 2 repetitions of 2 s each
        assertEquals(4, d.estimate().total());
        assertEquals(4, d.estimate().matched());
        assertEquals(8.0, d.estimate().seconds(), 1e-9);
        assertTrue(print(d).contains("duration: about 0:08 for the measured steps"), print(d));
    }

    @Test
    void theTimeAroundTheStepsIsEstimatedPhaseByPhaseFromTheEarlierRunsTimeline() throws Exception {
        writeRun(tmp.resolve("doc"), 1, 2.0);
        Files.writeString(
                tmp.resolve("doc").resolve(org.fsflow.result.Timeline.FILE),
                String.join(
                        "\n",
                        row("datasets", "2026-01-01T00:00:00Z", "2026-01-01T00:00:10Z"),
                        row("caches", "2026-01-01T00:00:10Z", "2026-01-01T00:00:11Z"),
                        row("caches", "2026-01-01T00:00:12Z", "2026-01-01T00:00:13Z"),
                        row("verify", "2026-01-01T00:00:13Z", "2026-01-01T00:00:16Z"),
                        "{torn",
                        ""));
        Diagnosis d = Doctor.examine(plan(), new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        // that run had 2 rows, this plan runs 4 steps: what is done around each step doubles, the datasets do not
        assertEquals(
                java.util.Map.of("datasets", 10.0, "caches", 4.0, "verify", 6.0),
                d.estimate().phaseSeconds());
        assertEquals(8.0 + 20.0, d.estimate().allSeconds(), 1e-9);
        String text = print(d);
        assertTrue(text.contains("around them: about 0:20 more, phase by phase from that run's timeline"), text);
        assertTrue(text.contains("datasets generated 0:10, copies verified 0:06, caches dropped 0:04"), text);
        assertTrue(text.contains("in all: about 0:28"), text);
    }

    @Test
    void anEarlierRunWithoutATimelineKeepsTheOneFigureAroundTheSteps() throws Exception {
        writeRun(tmp.resolve("doc"), 1, 2.0);
        Diagnosis d = Doctor.examine(plan(), new FakeHost(LACKS, 1L << 40, 1L << 40, null), tmp);
        assertEquals(null, d.estimate().phases());
        assertTrue(d.estimate().phaseSeconds().isEmpty());
        assertFalse(print(d).contains("phase by phase"), print(d));
    }

    private static String row(String phase, String from, String to) {
        return "{\"phase\":\"" + phase + "\",\"place\":\"host\",\"node\":null,\"started_at\":\"" + from
                + "\",\"ended_at\":\"" + to + "\"}";
    }

    static final String COPIES = """
            fsflow: 1
            name: big
            devices:
              source: { loop: { size: 40G }, filesystem: ext4 }
              target: { loop: { size: 40G } }
            filesystems: { ext4: {} }
            datasets:
              a: { dirs: 16, files: 64, size: 1MiB }
            matrix: { dataset: [a], filesystem: [ext4] }
            repeat: 2
            steps:
              - mkfs
              - mount
              - name: copy-in
                run: cp -r --reflink=never ${dataset.path} ${target.mnt}
                verify: true
              - name: copy-within
                run: cp -r --reflink=never ${target.mnt}/a ${target.mnt}/b
                verify: ${target.mnt}/b
              - name: walk
                run: du -sh ${target.mnt}
              - umount
            """;

    private static Plan plan(String text, double scale) throws Exception {
        Scenario s = ScenarioLoader.load(SourceText.of("big.yaml", text), new Overrides(List.of(), scale))
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    @Test
    void theDiskNeedIsWhatTheDatasetsAndOneCellsCopiesTakeNotTheSparseImagesNominalSize() throws Exception {
        Diagnosis d = Doctor.examine(plan(COPIES, 1), new FakeHost(Map.of(), 50L << 30, 1L << 40, null), tmp);
        Diagnosis.Resource disk = d.resources().get(0);
        // 1 GiB of datasets in the source image, two verified copies of it in the target image
        assertEquals(3L << 30, disk.neededBytes(), disk.detail());
        assertTrue(disk.fits(), "80 GiB of nominal images do not count against 50 GiB free");
        assertTrue(disk.detail().contains("source image 1 GiB (the datasets)"), disk.detail());
        assertTrue(
                disk.detail().contains("loop images 2 GiB (the most one cell repetition writes; 40 GiB nominal"),
                disk.detail());
    }

    @Test
    void anEarlierRunAtAnotherScaleIsCarriedToThisRunsDataStepByStep() throws Exception {
        Path run = tmp.resolve("big");
        Files.createDirectories(run);
        Files.writeString(run.resolve("run.json"), "{\"scale\": 0.25}");
        Files.writeString(run.resolve("scenario.yaml"), COPIES);
        long quarter = plan(COPIES, 0.25).scenario().datasets().get("a").expectedBytes();
        assertEquals(256L << 20, quarter, "a quarter of the files");
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            j.append(row("mkfs", 1.0, 0, 1L << 20));
            j.append(row("copy-in", 2.0, quarter, quarter));
            j.append(row("copy-within", 3.0, quarter, quarter));
            j.append(row("walk", 0.5, 1L << 20, 0));
        }
        Diagnosis d = Doctor.examine(plan(COPIES, 1), new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp);
        // per repetition: mkfs as it was, the copies x4 (bytes), the walk x4 (files); mount and
        // umount were not measured then and fall back to the mean of every step (1.625 s)
        double perRepetition = 1.0 + 8.0 + 12.0 + 2.0 + 2 * 1.625;
        assertEquals(2 * perRepetition, d.estimate().seconds(), 1e-9);
        assertEquals(8, d.estimate().matched());
        assertEquals(12, d.estimate().total());
        assertEquals("a bytes x4.00 and files x4.00", d.estimate().basis());
        assertTrue(print(d).contains("carried to this run's data: a bytes x4.00 and files x4.00"), print(d));
    }

    @Test
    void stepsOfACellWithoutADatasetAxisScaleWithTheDatasetsTheScenarioHas() throws Exception {
        String text = COPIES.replace("matrix: { dataset: [a], filesystem: [ext4] }", "matrix: { filesystem: [ext4] }")
                .replace("${dataset.path}", "${datasets.a.path}")
                .replaceAll("(?m)^ *verify: .*\n", "");
        Path run = tmp.resolve("big");
        Files.createDirectories(run);
        Files.writeString(run.resolve("run.json"), "{\"scale\": 0.25}");
        Files.writeString(run.resolve("scenario.yaml"), text);
        long quarter = plan(text, 0.25).scenario().datasets().get("a").expectedBytes();
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            for (String step : List.of("mkfs", "copy-in", "walk")) {
                j.append(Measurement.builder("ext4/r1/" + step, step)
                        .filesystem("ext4")
                        .repeat(1)
                        .cell(Map.of("filesystem", "ext4"))
                        .command("x")
                        .status(Status.OK)
                        .exitCode(0)
                        .realS(1.0)
                        .readBytes(step.equals("copy-in") ? quarter : 0L)
                        .writeBytes(step.equals("copy-in") ? quarter : 0L)
                        .build());
            }
        }
        Diagnosis d = Doctor.examine(plan(text, 1), new FakeHost(Map.of(), 1L << 40, 1L << 40, null), tmp);
        assertEquals("the datasets bytes x4.00 and files x4.00", d.estimate().basis());
        // per repetition: mkfs as it was, the copy x4 (bytes), the walk x4 (files); the steps not
        // measured then take the mean of every step (1 s): mount and umount as they are, the
        // copy within x4 (files: how much it moved was not measured)
        assertEquals(2 * (1.0 + 4.0 + 4.0 + 1.0 + 4.0 + 1.0), d.estimate().seconds(), 1e-9);
    }

    private static Measurement row(String step, double seconds, long read, long written) {
        return row("ext4", step, seconds, read, written);
    }

    static Measurement row(String fs, String step, double seconds, long read, long written) {
        return Measurement.builder("a/" + fs + "/r1/" + step, step)
                .dataset("a")
                .filesystem(fs)
                .repeat(1)
                .cell(Map.of("dataset", "a", "filesystem", fs))
                .command("x")
                .status(Status.OK)
                .exitCode(0)
                .realS(seconds)
                .readBytes(read)
                .writeBytes(written)
                .build();
    }

    private static void writeRun(Path dir, double scale, double seconds) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("run.json"), "{\"scale\": " + scale + "}");
        try (Journal j = Journal.open(dir.resolve(Journal.FILE))) {
            for (String step : List.of("mkfs", "copy")) {
                j.append(measurement(step, seconds));
            }
        }
    }

    private static Measurement measurement(String step, double seconds) {
        return Measurement.builder("a/ext4/r1/" + step, step)
                .dataset("a")
                .filesystem("ext4")
                .repeat(1)
                .cell(Map.of("dataset", "a", "filesystem", "ext4"))
                .command("x")
                .status(Status.OK)
                .exitCode(0)
                .realS(seconds)
                .build();
    }

    private static String print(Diagnosis d) {
        StringWriter w = new StringWriter();
        d.print(new PrintWriter(w));
        return w.toString();
    }
}
