package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.vm.VmPlace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One guest for consecutive cell repetitions ({@code vm: reuse}), with {@link FakeGuests} behind
 * the real {@link VmPlace}: which repetitions share a guest, what each row says of it, a guest that
 * dies in the middle of its repetitions (the ones it had not begun run each in a fresh guest,
 * nothing lost or credited to another repetition), and a resume in the middle of a group.
 */
class GuestReuseTest {

    @TempDir
    Path dir;

    final StringWriter printed = new StringWriter();

    // each command names its repetition, so a rule of FakeGuests can hit one repetition alone
    static final String STEPS = """
            kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
            matrix: { kernel: [host, debian-6.1] }
            %s
            steps:
              - name: s1
                run: s1-${cell.kernel}-r${repeat}
              - name: s2
                run: s2-${cell.kernel}-r${repeat}
              - name: s3
                run: s3-${cell.kernel}-r${repeat}
            """;

    Plan plan(String extra) throws Exception {
        // every repetition of a cell in one block, unless the test says otherwise: what guest reuse shares
        return WalkerGuestTest.plan(dir, STEPS, extra.contains("order:") ? extra : extra + "\norder: sequential");
    }

    Runner runner(Plan plan, FakeGuests guests, boolean resume) {
        return WalkerGuestTest.runner(plan, new FakeExecutor(), guests, resume, printed);
    }

    List<Measurement> journal() {
        return Journal.read(dir.resolve("out").resolve(Journal.FILE));
    }

    List<String> planned(Plan plan) {
        return plan.nodes().stream()
                .filter(PlanNode::measured)
                .map(PlanNode::id)
                .toList();
    }

    Measurement row(String node) {
        return journal().stream()
                .filter(m -> m.node().equals(node))
                .findFirst()
                .orElseThrow(() -> new AssertionError(node + " not in " + journal()));
    }

    static List<String> steps(String kernel, int... repeats) {
        return java.util.Arrays.stream(repeats)
                .boxed()
                .flatMap(r -> java.util.stream.Stream.of(1, 2, 3).map(s -> "s" + s + "-" + kernel + "-r" + r))
                .toList();
    }

    @Test
    void consecutiveRepetitionsOfAGuestCellShareOneGuestAndEachRowSaysItsRankInIt() throws Exception {
        Plan plan = plan("repeat: 3");
        FakeGuests guests = new FakeGuests(plan.scenario());
        assertEquals(0, runner(plan, guests, false).run().exitCode(), printed.toString());
        assertEquals(List.of(steps("debian-6.1", 1, 2, 3)), guests.boots(), "one boot for the three");
        assertEquals(planned(plan), journal().stream().map(Measurement::node).toList());
        for (int r = 1; r <= 3; r++) {
            for (int s = 1; s <= 3; s++) {
                Measurement m = row("debian-6.1/r" + r + "/s" + s);
                assertEquals(Status.OK, m.status());
                assertEquals(r, m.guestRepetition(), m.node());
                assertEquals("s" + s + "-debian-6.1-r" + r, m.command(), "its own command, not a neighbour's");
            }
        }
        assertEquals(null, row("host/r2/s1").guestRepetition(), "host rows name no guest");
    }

    @Test
    void aHostRepetitionBetweenTwoGuestRepetitionsEndsTheGuestTheOrderIsNeverChanged() throws Exception {
        Plan plan = plan("repeat: 2\norder: interleaved");
        FakeGuests guests = new FakeGuests(plan.scenario());
        assertEquals(0, runner(plan, guests, false).run().exitCode(), printed.toString());
        assertEquals(List.of(steps("debian-6.1", 1), steps("debian-6.1", 2)), guests.boots());
        assertEquals(planned(plan), journal().stream().map(Measurement::node).toList());
    }

    @Test
    void reuseFalseBootsAGuestForEveryRepetition() throws Exception {
        Plan plan = plan("repeat: 3\nvm: { reuse: false }");
        FakeGuests guests = new FakeGuests(plan.scenario());
        assertEquals(0, runner(plan, guests, false).run().exitCode(), printed.toString());
        assertEquals(3, guests.boots().size());
        assertTrue(journal().stream().filter(m -> m.virt().equals("tcg")).allMatch(m -> m.guestRepetition() == 1));
    }

    @Test
    void aGuestThatDiesInItsSecondRepetitionFailsThatOneAndTheRestRunInFreshGuests() throws Exception {
        Plan plan = plan("repeat: 4");
        FakeGuests guests = new FakeGuests(plan.scenario()).dieDuring("s2-debian-6.1-r2", "the guest died (panic)");
        Runner.Summary s = runner(plan, guests, false).run();
        assertEquals(new Runner.Summary(12 + 10, 1, 1, false, false), s);
        assertEquals(
                List.of(
                        List.of(
                                "s1-debian-6.1-r1",
                                "s2-debian-6.1-r1",
                                "s3-debian-6.1-r1",
                                "s1-debian-6.1-r2",
                                "s2-debian-6.1-r2"),
                        steps("debian-6.1", 3),
                        steps("debian-6.1", 4)),
                guests.boots(),
                "r3 and r4 each in a fresh guest");
        assertEquals(planned(plan), journal().stream().map(Measurement::node).toList(), "every row once, in order");
        Measurement died = row("debian-6.1/r2/s2");
        assertEquals(Status.FAILED, died.status());
        assertEquals(
                "the guest died (panic) (in a guest reused: it had run 1 cell repetition before this one)",
                died.reason());
        assertEquals(
                "skipped because debian-6.1/r2/s2 failed",
                row("debian-6.1/r2/s3").reason());
        assertEquals(2, row("debian-6.1/r2/s1").guestRepetition());
        assertEquals(1, row("debian-6.1/r3/s1").guestRepetition(), "a fresh guest");
        assertEquals(1, row("debian-6.1/r4/s3").guestRepetition(), "a fresh guest");
        assertEquals("s1-debian-6.1-r3", row("debian-6.1/r3/s1").command());
        assertTrue(printed.toString().contains("2 cell repetitions the ended guest had not begun"), printed.toString());
    }

    @Test
    void aGuestThatDiesBetweenTwoRepetitionsFailsNoneOfThem() throws Exception {
        Plan plan = plan("repeat: 3");
        FakeGuests guests = new FakeGuests(plan.scenario()).dieAfter("s3-debian-6.1-r1", "the guest died (panic)");
        Runner.Summary s = runner(plan, guests, false).run();
        assertEquals(new Runner.Summary(18, 0, 0, false, false), s);
        assertEquals(List.of(steps("debian-6.1", 1), steps("debian-6.1", 2), steps("debian-6.1", 3)), guests.boots());
        assertEquals(planned(plan), journal().stream().map(Measurement::node).toList());
    }

    @Test
    void aFailureSkipsTheRestOfItsOwnRepetitionOnlyTheNextOneInTheGuestRunsWhole() throws Exception {
        Plan plan = plan("repeat: 3");
        FakeGuests guests = new FakeGuests(plan.scenario()).exit("s1-debian-6.1-r2", 3);
        Runner.Summary s = runner(plan, guests, false).run();
        assertEquals(new Runner.Summary(15, 1, 2, false, false), s);
        assertEquals(1, guests.boots().size());
        assertEquals(Status.SKIPPED, row("debian-6.1/r2/s3").status());
        assertEquals(Status.OK, row("debian-6.1/r3/s1").status());
        assertEquals(3, row("debian-6.1/r3/s1").guestRepetition());
    }

    @Test
    void anInterruptInTheMiddleOfAGroupResumesInOneGuestKeepingWhatWasMeasured() throws Exception {
        Plan plan = plan("repeat: 3");
        FakeGuests first = new FakeGuests(plan.scenario());
        Runner runner = runner(plan, first, false);
        first.interruptDuring("s2-debian-6.1-r2", runner::interrupt);
        assertEquals(3, runner.run().exitCode());
        assertEquals(
                planned(plan).subList(0, 9 + 4),
                journal().stream().map(Measurement::node).toList());

        FakeGuests second = new FakeGuests(plan.scenario());
        assertEquals(0, runner(plan, second, true).run().exitCode(), printed.toString());
        assertEquals(List.of(steps("debian-6.1", 2, 3)), second.boots(), "r2 again from its first step, then r3");
        assertEquals(planned(plan), journal().stream().map(Measurement::node).toList(), "nothing measured twice");
        assertEquals(1, row("debian-6.1/r2/s2").guestRepetition(), "the resumed guest's first");
        assertEquals(2, row("debian-6.1/r3/s1").guestRepetition());
    }
}
