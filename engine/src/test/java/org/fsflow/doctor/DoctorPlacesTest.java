package org.fsflow.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.fsflow.run.Conditions;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scales;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Doctor's disk and duration at {@code --scale 1 --scale guest=0.25}: each place's cells at their own scale. */
class DoctorPlacesTest {

    // DoctorTest's campaign of copies, with a guest cell beside the host's
    private static final String TEXT = DoctorTest.COPIES
            .replace(
                    "filesystems: { ext4: {} }",
                    "kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }\n"
                            + "filesystems: { ext4: {}, ext4-vm: { type: ext4, kernel: debian-6.1 } }")
            .replace("filesystem: [ext4] }", "filesystem: [ext4, ext4-vm] }");

    @TempDir
    Path tmp;

    private static final Doctor.Host ROOMY = new DoctorTest.FakeHost(Map.of(), 1L << 40, 1L << 40, null);

    private static Plan plan(String... scales) throws Exception {
        Scenario s = ScenarioLoader.load(
                        SourceText.of("big.yaml", TEXT), new Overrides(List.of(), Scales.parse(List.of(scales))))
                .scenario();
        return Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
    }

    @Test
    void theDiskHoldsEachScalesDatasetsAndTheGuestsImageOfTheirOwn() throws Exception {
        Diagnosis.Resource disk =
                Doctor.examine(plan("1", "guest=0.25"), ROOMY, tmp).resources().get(0);
        // source image: 1 GiB at the host's scale and 256 MiB at the guests'; the host cell's two copies
        // (2 GiB) are the most one cell writes; the guests' read-only image is their 256 MiB, a quarter larger
        long gib = 1L << 30;
        assertEquals(gib + gib / 4 + 2 * gib + (gib / 4 + gib / 16), disk.neededBytes(), disk.detail());
        assertTrue(disk.detail().contains("source image 1.3 GiB (the datasets)"), disk.detail());
        assertTrue(disk.detail().contains("guests' source image 320 MiB"), disk.detail());
    }

    @Test
    void eachCellIsCarriedFromItsPlacesScaleThenToItsPlacesScaleNow() throws Exception {
        Path run = earlierRun(TEXT);
        long quarter = 256L << 20;
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            for (String fs : List.of("ext4", "ext4-vm")) {
                j.append(row(fs, "mkfs", 1.0, 0, 1L << 20));
                j.append(row(fs, "copy-in", 2.0, quarter, quarter));
                j.append(row(fs, "copy-within", 3.0, quarter, quarter));
                j.append(row(fs, "walk", 0.5, 1L << 20, 0));
            }
        }
        Diagnosis d = Doctor.examine(plan("1", "guest=0.25"), ROOMY, tmp);
        // the host cell at 1: copies and walk x4; the guest cell stays at 0.25: x1. Mount and umount
        // were not measured then: the mean of every step (1.625 s)
        double host = 1.0 + 8.0 + 12.0 + 2.0 + 2 * 1.625;
        double guest = 1.0 + 2.0 + 3.0 + 0.5 + 2 * 1.625;
        assertEquals(2 * (host + guest), d.estimate().seconds(), 1e-9);
        assertEquals(
                "a bytes x4.00 and files x4.00, a (debian-6.1) bytes x1.00 and files x1.00",
                d.estimate().basis());
        assertEquals(Scales.of(0.25), d.estimate().scale());
        assertEquals(2, d.estimate().guests().repetitions(), "ext4-vm, two repetitions");
        assertEquals(2, d.estimate().guests().boots(), "rounds: the host's cell runs between the guest's two");
        assertTrue(!d.estimate().guests().known(), "the rows have no times");
        assertEquals(0, d.estimate().aroundSeconds(), 1e-9);
    }

    @Test
    void theHostsControlsAtTheGuestsScaleAreCarriedFromTheFilesystemTheyControl() throws Exception {
        String controls = TEXT.replace(
                        "filesystems: { ext4: {}, ext4-vm: { type: ext4, kernel: debian-6.1 } }",
                        "filesystems: { ext4: {}, xfs: {}, ext4-vm: { type: ext4, kernel: debian-6.1 },"
                                + " xfs-vm: { type: xfs, kernel: debian-6.1 } }")
                .replace("filesystem: [ext4, ext4-vm] }", "filesystem: [ext4, xfs, ext4-vm, xfs-vm] }");
        Path run = earlierRun(controls);
        long quarter = 256L << 20;
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            for (String fs : List.of("ext4", "xfs", "ext4-vm", "xfs-vm")) {
                j.append(row(fs, "mkfs", 1.0, 0, 1L << 20));
                j.append(row(fs, "copy-in", 2.0, quarter, quarter));
            }
        }
        Scenario s = ScenarioLoader.load(
                        SourceText.of("big.yaml", controls),
                        new Overrides(List.of(), Scales.parse(List.of("1", "guest=0.25"))))
                .scenario();
        Plan p = Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0);
        assertEquals(6, p.cells().size(), "ext4@0.25 and xfs@0.25 beside the four");
        Diagnosis d = Doctor.examine(p, ROOMY, tmp);
        // the controls were not in the earlier run: each is its filesystem's cell then (at 0.25), x1 now
        assertEquals(6 * 2 * 2, d.estimate().matched(), "mkfs and copy-in of every cell and repetition, controls too");
        assertEquals(
                "a bytes x4.00 and files x4.00, a (debian-6.1) bytes x1.00 and files x1.00, a (host at 0.25) bytes x1.00 "
                        + "and files x1.00",
                d.estimate().basis());
    }

    @Test
    void aStepSizedByAParameterThatScalesIsCarriedByThatParameter() throws Exception {
        String bonnie = org.fsflow.scenario.ParamScaleTest.BONNIE.replace("name: b\n", "name: big\n");
        // the earlier run: plain parameters, --set size=256 ram=128, every place at 1
        Path run = earlierRun(bonnie.replace("size: { value: 2048, scale: true }", "size: 256")
                .replace("ram: { value: 1024, scale: true }", "ram: 128"));
        Files.writeString(run.resolve("run.json"), "{\"scale\": 1}");
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            for (String fs : List.of("ext3", "jfs")) {
                j.append(DoctorTest.row(fs, "mkfs", 1.0, 0, 0).toBuilder()
                        .cell(Map.of("filesystem", fs))
                        .build());
                j.append(DoctorTest.row(fs, "bonnie", 10.0, 256L << 20, 256L << 20).toBuilder()
                        .cell(Map.of("filesystem", fs))
                        .build());
            }
        }
        Scenario s = ScenarioLoader.load(
                        SourceText.of("big.yaml", bonnie),
                        new Overrides(List.of(), Scales.parse(List.of("1", "guest=0.0625"))))
                .scenario();
        Diagnosis d = Doctor.examine(Planner.plan(s, new Layout(Path.of("/out"), Path.of("/work")), 0), ROOMY, tmp);
        // host: -s 2048 against 256 then, x8; guest: -s 128, x0.5; mkfs as it was; mount, umount the mean (5.5 s)
        double host = 1.0 + 80.0 + 2 * 5.5;
        double guest = 1.0 + 5.0 + 2 * 5.5;
        assertEquals(host + guest, d.estimate().seconds(), 1e-9, "one repetition of each cell");
        assertEquals(
                "bonnie size x8.00, bonnie (debian-6.1) size x0.500",
                d.estimate().basis());
    }

    @Test
    void eachCellSaysWhereItRunsAndAGuestHowMuchSlowerItsStepsWereInTheControlCellsOfAnEarlierRun() throws Exception {
        Diagnosis first = Doctor.examine(plan("0.25"), ROOMY, tmp);
        assertEquals(
                List.of("on the host", "in a QEMU guest under debian-6.1 (TCG)"),
                first.cells().stream().map(Diagnosis.CellVerdict::place).toList());
        assertEquals(
                List.of(
                        "host: 1 cell, under this host's kernel " + System.getProperty("os.version"),
                        "QEMU guest under debian-6.1: 1 cell, TCG because this host has no /dev/kvm; about x35.2 slower "
                                + "per step (median of 6 step ratios, x10.1-x69.5, from " + GuestSlowdown.BENCH_BASIS
                                + ")"),
                first.places(),
                "no earlier run: bench/vm.sh's figures");
        Path run = earlierRun(TEXT);
        try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
            j.append(row("ext4", "mkfs", 1.0, 0, 0).toBuilder().virt("host").build());
            j.append(row("ext4", "walk", 2.0, 0, 0).toBuilder().virt("host").build());
            j.append(row("ext4-vm", "mkfs", 3.0, 0, 0).toBuilder().virt("tcg").build());
            j.append(row("ext4-vm", "walk", 10.0, 0, 0).toBuilder().virt("tcg").build());
            j.append(row("ext4-vm", "walk", 20.0, 0, 0).toBuilder().virt("kvm").build());
        }
        // mkfs x3, walk x5 under TCG (the KVM row is another accelerator's): the median of two is their mean
        assertEquals(
                "QEMU guest under debian-6.1: 1 cell, TCG because this host has no /dev/kvm; about x4.00 slower per "
                        + "step (median of 2 step ratios, x3.00-x5.00, from " + run
                        + "'s control cells ext4-vm/ext4 under tcg)",
                Doctor.examine(plan("0.25"), ROOMY, tmp).places().get(1));
    }

    @Test
    void environmentJsonRecordsTheBudgetOfEachScaleCellsRanAt() throws Exception {
        assertEquals(
                List.of("0.25"),
                List.copyOf(
                        Conditions.of(plan("1", "guest=0.25")).memoryBudgetAt().keySet()));
        assertEquals(Map.of(), Conditions.of(plan("0.5")).memoryBudgetAt(), "one scale: none");
    }

    @Test
    void anEarlierRunAtTheSameScalesPerPlaceIsPreferred() throws Exception {
        for (String name : List.of("big", "big-2")) {
            Path run = tmp.resolve(name);
            Files.createDirectories(run);
            Files.writeString(
                    run.resolve("run.json"),
                    name.equals("big") ? "{\"scale\": 1, \"place_scales\": {\"guest\": 0.25}}" : "{\"scale\": 1}");
            try (Journal j = Journal.open(run.resolve(Journal.FILE))) {
                j.append(row("ext4", "mkfs", 1.0, 0, 0));
            }
        }
        // big-2 is newer, but big ran at these very scales
        Files.setLastModifiedTime(tmp.resolve("big/results.jsonl"), java.nio.file.attribute.FileTime.fromMillis(1_000));
        assertEquals(
                tmp.resolve("big"),
                EarlierRuns.latest(tmp, "big", Scales.parse(List.of("1", "guest=0.25")))
                        .orElseThrow());
        assertEquals(
                tmp.resolve("big-2"),
                EarlierRuns.latest(tmp, "big", Scales.of(1)).orElseThrow());
    }

    // an earlier run of `scenario` at --scale 0.25, its journal still empty
    private Path earlierRun(String scenario) throws Exception {
        Path run = tmp.resolve("big");
        Files.createDirectories(run);
        Files.writeString(run.resolve("run.json"), "{\"scale\": 0.25}");
        Files.writeString(run.resolve("scenario.yaml"), scenario);
        return run;
    }

    private static Measurement row(String fs, String step, double seconds, long read, long written) {
        return DoctorTest.row(fs, step, seconds, read, written);
    }
}
