package org.fsflow.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * CPU findings on zfs-fuse are judged on the CPU its daemon spent too (the published
 * zfs-fuse-vs-ext3 run: bonnie++ alone about 46 s a run on zfs, the daemon about 169 s more), and
 * CPU findings between filesystems without a service are judged on the tool's own figure.
 */
class ServiceCpuTest {

    @Test
    void zfsFuseCpuFindingsAreJudgedOnTheCpuWithTheDaemon() {
        Verdict v = PublishedVerdicts.finding("zfs-fuse-vs-ext3", "putc-write-cpu-zfs-ext3");
        // bonnie++'s own putc %CPU is 17 against 99 (x0.176); with the daemon, zfs's share is the higher
        double zfs = v.numerator().stats().mean();
        double ext3 = v.denominator().stats().mean();
        assertTrue(zfs > 75 && zfs < 95, "zfs: " + zfs);
        assertTrue(ext3 > 60 && ext3 < 80, "ext3: " + ext3);
        assertTrue(v.interval().ratio() > 1, Ratios.text(v.interval()));
        assertTrue(v.reason().contains("judged on the step's CPU with the filesystem's services"), v.reason());
        assertTrue(v.reason().contains("zfs's services' 16"), v.reason());
        assertEquals(Verdict.Outcome.CONTRADICTED, v.outcome(), v.reason());
    }

    @Test
    void aTestBonnieDidNotTimeStaysUntested() {
        Verdict v = PublishedVerdicts.finding("zfs-fuse-vs-ext3", "seq-create-cpu-zfs-ext3");
        assertEquals(Verdict.Outcome.INCONCLUSIVE, v.outcome());
        assertTrue(v.reason().contains("+++++"), v.reason());
    }

    @Test
    void aCpuFindingWithoutServicesIsJudgedOnItsOwnMetric() {
        Verdict v = PublishedVerdicts.finding("cds-2009", "delete-test2-cpu-xfs-ext3");
        assertFalse(v.reason().contains("services"), v.reason());
        assertEquals(2.38, v.interval().ratio(), 0.01);
        // and a throughput finding on zfs-fuse keeps bonnie++'s figure
        Verdict putc = PublishedVerdicts.finding("zfs-fuse-vs-ext3", "putc-write-zfs-ext3");
        assertFalse(putc.reason().contains("services"), putc.reason());
    }
}
