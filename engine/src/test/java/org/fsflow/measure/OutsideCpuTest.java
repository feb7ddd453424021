package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The CPU the host spends outside fsflow: the JVM's and its children's ticks taken from the host's. */
class OutsideCpuTest {

    @Test
    void fsflowsTicksAreTheSumOfItsOwnAndItsReapedChildrensTimes() {
        // fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime
        // cstime
        String stat = "42 (java (fsflow) x) S 1 42 42 0 -1 4194560 100 7 0 0 250 50 1200 300 20 0 30 0";
        assertEquals(250 + 50 + 1200 + 300, OutsideCpu.fsflowTicks(stat));
    }

    @Test
    void theOthersAreTheHostsBusyTimeMinusFsflows() {
        OutsideCpu before = new OutsideCpu(new HostCpu(10_000), 500);
        OutsideCpu after = new OutsideCpu(new HostCpu(10_000 + 3_000), 500 + 1_800);
        assertEquals(12.0, after.secondsSince(before)); // 30 s busy, 18 s of them fsflow's
        assertNull(new OutsideCpu(new HostCpu(1), -1).secondsSince(before));
    }

    @Test
    void realSnapshotsOfThisLinuxHostAreReadable() {
        OutsideCpu before = OutsideCpu.now();
        long x = 0;
        for (long i = 0; i < 300_000_000L; i++) {
            x += i ^ (x >>> 3);
        }
        Double others = OutsideCpu.now().secondsSince(before);
        assertNotNull(others, "readable on Linux: " + x);
    }
}
