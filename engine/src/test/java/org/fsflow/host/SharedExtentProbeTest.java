package org.fsflow.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fsflow.parse.Filefrag;
import org.fsflow.result.SharedExtents;
import org.junit.jupiter.api.Test;

/** A copy's bytes in shared extents, summed from filefrag -v as xfs prints it for a reflinked copy and a byte copy. */
class SharedExtentProbeTest {

    private static final String OUT = """
            Filesystem type is: 58465342
            File size of m/b is 8388608 (2048 blocks of 4096 bytes)
             ext:     logical_offset:        physical_offset: length:   expected: flags:
               0:        0..    2047:         24..      2071:   2048:             last,shared,eof
            m/b: 1 extent found
            File size of m/c is 8192 (2 blocks of 4096 bytes)
             ext:     logical_offset:        physical_offset: length:   expected: flags:
               0:        0..       1:       4096..      4097:      2:             last,eof
            m/c: 1 extent found
            """;

    @Test
    void sharedBytesAreThoseOfExtentsFlaggedShared() {
        SharedExtents s = SharedExtentProbe.sum(Filefrag.parse(OUT));
        assertEquals(new SharedExtents(2, 8388608 + 8192, 8388608), s);
        assertTrue(s.cloned(), "most of the data is shared");
        assertFalse(new SharedExtents(2, 8192, 0).cloned());
        assertFalse(new SharedExtents(0, 0, 0).cloned(), "nothing examined: no clone");
        assertEquals(0.0, new SharedExtents(1, 0, 0).fraction(), "delayed allocation: no extent yet");
    }
}
