package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.result.Measurement;
import org.fsflow.result.ResultSet;
import org.fsflow.result.Status;
import org.junit.jupiter.api.Test;

/** The report's conditions say when guests were reused, from the rows' {@code guest_repetition}. */
class GuestConditionsTest {

    private static Measurement row(int repeat, Integer guestRepetition, String virt) {
        return Measurement.builder("ext3-vm/r" + repeat + "/copy", "copy")
                .filesystem("ext3-vm")
                .repeat(repeat)
                .cell(Map.of("filesystem", "ext3-vm"))
                .command("cp")
                .status(Status.OK)
                .realS(1.0 + repeat / 10.0)
                .virt(virt)
                .guestRepetition(guestRepetition)
                .build();
    }

    @Test
    void reusedGuestsAreNamedWithWhatWasResetAndRunsWithoutTheFieldSayNothing() {
        List<Measurement> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(row(r, r, "tcg"));
        }
        String reused = Conditions.guests(ResultSet.of(rows));
        assertTrue(reused.startsWith("2 of 3 guest rows ran in a guest reused"), reused);
        assertTrue(reused.contains("dropped its page cache, dentries and inodes"), reused);
        assertEquals(
                "each cell repetition in a guest booted for it (2 rows)",
                Conditions.guests(ResultSet.of(List.of(row(1, 1, "tcg"), row(2, 1, "tcg")))));
        assertEquals("", Conditions.guests(ResultSet.of(List.of(row(1, null, "host"), row(2, null, "tcg")))));
    }
}
