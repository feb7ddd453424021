package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.fsflow.result.AgingRecord;
import org.fsflow.result.Fieller;
import org.fsflow.result.Summary;
import org.fsflow.summary.AgingPenalties;
import org.junit.jupiter.api.Test;

/** The report's Aging section: the aging's own figures apart, and the penalty with its interval, as text. */
class AgingSectionsTest {

    static AgingRecord record(Long freeExtents) {
        return new AgingRecord(
                "tree/ext4/aged",
                Map.of("age", "aged", "filesystem", "ext4"),
                27,
                "spec",
                "6.18.44",
                Map.of("mkfs.ext4", "mke2fs 1.47.0"),
                "2026-12-01T15:00:00Z",
                84.21,
                Map.of("create", 10L, "delete", 5L),
                4,
                3L << 20,
                1L << 30,
                61.55,
                5,
                1L << 20,
                0,
                1.0706,
                6.6968,
                4,
                freeExtents,
                freeExtents == null ? null : 1L << 29,
                freeExtents == null ? null : 48.34,
                "e2freefrag",
                "f715e2f60dcccdd8547e5721cdbe3e9aea29d28d7e1b35385194e586c2c10ff1",
                "bedbb6",
                "/var/tmp/x.img");
    }

    @Test
    void stateAndPenaltyAreFormatted() {
        Summary fresh = Summary.of(new double[] {1.00, 1.02, 0.98});
        Summary aged = Summary.of(new double[] {1.50, 1.53, 1.47});
        AgingPenalties.Aging a = new AgingPenalties.Aging(
                List.of(record(3067L), record(null)),
                List.of(new AgingPenalties.Penalty(
                        "read", Map.of("dataset", "tree"), "ext4", fresh, aged, Fieller.ratio(aged, fresh))));
        AgingSection s = AgingSections.of(a);
        AgingSection.State st = s.states().get(0);
        assertEquals("84.2 s", st.seconds());
        assertEquals("61.6 %", st.fullness());
        assertEquals("1.071 (most 4)", st.extents());
        assertEquals("3067 (mean 170.9 KiB)", st.freeExtents());
        assertEquals("48.3 %", st.freeSmall());
        assertEquals("f715e2f60dcccdd8 (seed 27)", st.fingerprint());
        assertEquals("–", s.states().get(1).freeSmall());
        AgingSection.Row r = s.penalties().get(0);
        assertEquals("dataset tree", r.where());
        assertEquals("slower aged", r.verdict());
        assertEquals("slower", r.kind());
        assertEquals("×1.50 [1.43, 1.57]", r.penalty());
        assertFalse(AgingSections.of(AgingPenalties.Aging.NONE).present());
    }
}
