package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fsflow.lang.SourceText;
import org.fsflow.scenario.SourceFile;
import org.fsflow.scenario.SourceSection;
import org.junit.jupiter.api.Test;

/** Each class rule on a finding that triggers it and one that must not; then the five seed reports. */
class TriageTest {

    private static final Verdict.Side HOST = side("host");

    private static Verdict.Side side(String place) {
        return new Verdict.Side("x", "c", "s", place, null, 0, 0, 0, false, null, 1.0);
    }

    private static SourceSection section(String conditions, String finding) throws Exception {
        String yaml = "source:\n  title: 'A campaign, 2009'\n" + conditions + "  findings:\n    - { id: f, cite: c, "
                + finding + " }\n";
        return SourceFile.read(SourceText.of("s.yaml", yaml)).section();
    }

    private static FindingClass classOf(String finding, Verdict.Side num) throws Exception {
        SourceSection s = section("  conditions: { tools: { time: /usr/bin/time } }\n", finding);
        return Triage.of(s.findings().get(0), s, num, HOST).kind();
    }

    @Test
    void cpuPercentIsBelowResolutionButTimeIsNot() throws Exception {
        String cpu = "step: copy, metric: cpu_pct, figures: { xfs: 30, ext3: 10 }";
        assertEquals(FindingClass.BELOW_RESOLUTION, classOf(cpu, HOST));
        assertEquals(
                FindingClass.TESTABLE, classOf("step: copy, metric: real_s, figures: { xfs: 30, ext3: 10 }", HOST));
    }

    @Test
    void userTimeAcrossFilesystemsIsBelowResolutionSysTimeIsNot() throws Exception {
        assertEquals(
                FindingClass.BELOW_RESOLUTION,
                classOf("step: copy, metric: user_s, figures: { xfs: 1.3, ext3: 0.83 }", HOST));
        assertEquals(
                FindingClass.TESTABLE, classOf("step: copy, metric: sys_s, figures: { xfs: 1.3, ext3: 0.83 }", HOST));
    }

    @Test
    void figuresWithinOneTickAreBelowResolution() throws Exception {
        assertEquals(
                FindingClass.BELOW_RESOLUTION,
                classOf("step: walk, metric: sys_s, figures: { xfs: 0.03, ext3: 0.02 }", HOST));
        assertEquals(
                FindingClass.TESTABLE, classOf("step: walk, metric: sys_s, figures: { xfs: 0.09, ext3: 0.07 }", HOST));
        // printed to a tenth: 2.3 and 2.2 differ by its last digit
        assertEquals(
                FindingClass.BELOW_RESOLUTION,
                classOf("step: walk, metric: real_s, figures: { xfs: 2.3, ext3: 2.2 }", HOST));
    }

    @Test
    void aDirectionFromAZeroTimeIsBelowResolution() throws Exception {
        assertEquals(
                FindingClass.BELOW_RESOLUTION,
                classOf("step: mkfs, metric: sys_s, claim: { of: xfs, to: ext3, is: lower }", HOST));
        assertEquals(
                FindingClass.TESTABLE,
                classOf("step: b, metric: put_block_kib_s, claim: { of: xfs, to: ext3, is: lower }", HOST));
        SourceSection untimed = section("", "step: copy, metric: sys_s, claim: { of: xfs, to: ext3, is: lower }");
        assertEquals(
                FindingClass.TESTABLE,
                Triage.of(untimed.findings().get(0), untimed, HOST, HOST).kind());
    }

    @Test
    void xfsDeletesOfASourceBeforeDelayedLoggingAreEraBound() throws Exception {
        String delete = "step: delete, metric: real_s, figures: { xfs: 872.82, ext3: 7.68 }";
        SourceSection old = section("", delete);
        Triage t = Triage.of(old.findings().get(0), old, HOST, HOST);
        assertEquals(FindingClass.ERA_BOUND, t.kind());
        assertTrue(t.why().contains("2.6.39"), t.why());
        SourceSection recent = section("  conditions: { kernel: 5.10 }\n", delete);
        assertEquals(
                FindingClass.TESTABLE,
                Triage.of(recent.findings().get(0), recent, HOST, HOST).kind());
        assertEquals(
                FindingClass.TESTABLE,
                classOf("step: delete, metric: real_s, figures: { jfs: 872.82, ext3: 7.68 }", HOST));
    }

    @Test
    void ext3MkfsAndMountOfAnOldKernelAreEraBound() throws Exception {
        SourceSection s = section(
                "  conditions: { kernel: 2.6.15 }\n", "step: mkfs, metric: real_s, figures: { xfs: 0.7, ext3: 14.7 }");
        assertEquals(
                FindingClass.ERA_BOUND,
                Triage.of(s.findings().get(0), s, HOST, HOST).kind());
        assertEquals(
                FindingClass.ERA_BOUND,
                classOf("step: umount, metric: real_s, figures: { xfs: 9.36, ext3: 1.04 }", HOST));
        assertEquals(
                FindingClass.TESTABLE,
                classOf("step: umount, metric: real_s, figures: { xfs: 9.36, jfs: 1.04 }", HOST));
    }

    @Test
    void onlyAnEmulatedGuestIsEmulated() throws Exception {
        String copy = "step: copy, metric: real_s, figures: { reiserfs: 30, ext3-vm: 10 }";
        assertEquals(FindingClass.EMULATED, classOf(copy, side("VM 6.1.0-57-amd64 (tcg)")));
        assertEquals(FindingClass.TESTABLE, classOf(copy, side("VM 6.1.0-57-amd64 (kvm)")));
    }

    @Test
    void everyFindingOfTheSeedReportsHasAClassAndTheHeadlineLeadsWithTestableOnes() {
        for (String r :
                new String[] {"cds-2009", "piszcz-2006", "bonnie-raid0-2007", "zfs-fuse-vs-ext3", "raidz-bonnie"}) {
            VerdictTable t = PublishedVerdicts.of(r);
            assertTrue(
                    t.verdicts().stream()
                            .allMatch(
                                    v -> v.triage() != null && !v.triage().why().isEmpty()),
                    r);
            assertTrue(t.headline().matches("\\d+ of \\d+ testable findings? reproduced.*"), t.headline());
        }
        VerdictTable cds = PublishedVerdicts.of("cds-2009");
        assertEquals(160, cds.verdicts().size());
        assertEquals(
                29,
                cds.verdicts().stream()
                        .filter(v -> v.finding().metric().equals("user_s")
                                && v.triage().kind() == FindingClass.BELOW_RESOLUTION)
                        .count());
        assertTrue(cds.count(FindingClass.TESTABLE) < 25, cds.headline());
        assertEquals(
                FindingClass.TESTABLE,
                PublishedVerdicts.finding("cds-2009", "copy-in-test2-real-xfs-ext3")
                        .triage()
                        .kind());
        assertEquals(
                FindingClass.ERA_BOUND,
                PublishedVerdicts.finding("cds-2009", "delete-test3-real-xfs-ext3")
                        .triage()
                        .kind());
    }
}
