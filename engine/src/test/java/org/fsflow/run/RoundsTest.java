package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rounds, the default order, with host and guest cells: each round runs every cell once, a
 * guest's cells of the round together in one guest, so a reused guest boots once a round.
 */
class RoundsTest {

    @TempDir
    Path dir;

    static final String STEPS = """
            kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
            matrix: { kernel: [host, debian-6.1], kind: [a, b, c] }
            %s
            steps:
              - name: s1
                run: s1-${cell.kernel}-${cell.kind}-r${repeat}
            """;

    @Test
    void aRoundRunsEveryCellOnceWithTheGuestsCellsInOneGuest() throws Exception {
        Plan plan = WalkerGuestTest.plan(dir, STEPS, "repeat: 3");
        FakeGuests guests = new FakeGuests(plan.scenario());
        StringWriter printed = new StringWriter();
        Runner runner = WalkerGuestTest.runner(plan, new FakeExecutor(), guests, false, printed);
        assertEquals(0, runner.run().exitCode(), printed.toString());
        List<Measurement> rows = Journal.read(dir.resolve("out").resolve(Journal.FILE));
        assertEquals(18, rows.size());
        for (int r = 1; r <= 3; r++) {
            int round = r;
            List<String> cells = rows.subList((r - 1) * 6, r * 6).stream()
                    .peek(m -> assertEquals(round, m.repeat(), m.node()))
                    .map(m -> m.cell().get("kernel") + "/" + m.cell().get("kind"))
                    .toList();
            assertEquals(6, cells.stream().distinct().count(), "every cell once in round " + r + ": " + cells);
        }
        assertEquals(3, guests.boots().size(), "a guest a round: " + guests.boots());
        for (List<String> boot : guests.boots()) {
            assertEquals(3, boot.size(), "the round's three guest cells in one guest: " + boot);
        }
        List<List<String>> orders = new ArrayList<>();
        for (PlanNode n : plan.nodes()) {
            if (n.measured() && n.repeat() <= 3) {
                while (orders.size() < n.repeat()) {
                    orders.add(new ArrayList<>());
                }
                orders.get(n.repeat() - 1).add(n.cell().id());
            }
        }
        assertTrue(orders.stream().distinct().count() > 1, "each round drawn anew: " + orders);
    }
}
