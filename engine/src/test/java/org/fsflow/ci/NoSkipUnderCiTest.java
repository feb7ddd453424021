package org.fsflow.ci;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** A failed assumption is a failure under CI=true and stays a skip elsewhere; other throwables pass through. */
class NoSkipUnderCiTest {

    @Test
    void aFailedAssumptionFailsUnderCiAndIsKeptElsewhere() {
        TestAbortedException skipped = new TestAbortedException("Assumption failed: zfs-fuse is not installed");
        Throwable judged = NoSkipUnderCi.judged(skipped);
        if (NoSkipUnderCi.underCi()) {
            assertInstanceOf(AssertionError.class, judged);
            assertTrue(judged.getMessage().contains("zfs-fuse is not installed"), judged.getMessage());
        } else {
            assertSame(skipped, judged);
        }
    }

    @Test
    void otherThrowablesPassUnchanged() {
        IllegalStateException e = new IllegalStateException("x");
        assertSame(e, NoSkipUnderCi.judged(e));
    }
}
