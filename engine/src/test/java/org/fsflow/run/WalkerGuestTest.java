package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsflow.host.LocalHost;
import org.fsflow.lang.SourceText;
import org.fsflow.place.Where;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.Scenario;
import org.fsflow.scenario.ScenarioLoader;
import org.fsflow.vm.VmPlace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walker over guest cells: cells under another kernel go to the real {@link VmPlace}, whose
 * guests are {@link FakeGuests} (no QEMU), next to host cells on the {@link FakeExecutor}. Plan
 * order, {@code on_error}, kept steps on resume, interrupts, a guest that dies and a cell a guest
 * cannot run, with each row saying where it ran. VmCrashIT and the scenarios' VM runs do the same
 * with real guests.
 */
class WalkerGuestTest {

    @TempDir
    Path dir;

    final StringWriter printed = new StringWriter();

    static final String STEPS = """
            kernels: { debian-6.1: { debian: linux-image-6.1.0-57-amd64 } }
            matrix: { kernel: [host, debian-6.1] }
            %s
            steps:
              - name: s1
                run: s1-${cell.kernel}
              - name: s2
                run: s2-${cell.kernel}
              - name: s3
                run: s3-${cell.kernel}
            """;

    Plan plan(String extra) throws Exception {
        return plan(dir, STEPS, extra);
    }

    /** The plan of a scenario of {@code steps} (a template taking {@code extra}) on a directory device in {@code dir}. */
    static Plan plan(Path dir, String steps, String extra) throws Exception {
        Scenario s = ScenarioLoader.load(
                        SourceText.of(
                                dir.resolve("s.yaml").toString(),
                                "fsflow: 1\nname: g\ndevices: { target: { dir: " + dir + " } }\n"
                                        + steps.formatted(extra)),
                        Overrides.NONE)
                .scenario();
        return Planner.plan(s, new Layout(dir.resolve("out"), dir.resolve("work")), 0);
    }

    Runner runner(Plan plan, FakeExecutor host, FakeGuests guests, boolean resume) {
        return runner(plan, host, guests, resume, printed);
    }

    /** A runner of {@code plan}: host cells on {@code host}, guest cells in the real VmPlace on {@code guests}. */
    static Runner runner(Plan plan, FakeExecutor host, FakeGuests guests, boolean resume, StringWriter printed) {
        return new Runner(
                plan,
                new RunOptions(new PrintWriter(printed), false, resume),
                info -> KernelPlaces.of(
                        plan,
                        new LocalHost(plan, host, info),
                        new VmPlace(plan.scenario(), plan.layout(), info, t -> guests)));
    }

    List<Measurement> journal() {
        return Journal.read(dir.resolve("out").resolve(Journal.FILE));
    }

    List<String> nodes() {
        return journal().stream().map(Measurement::node).toList();
    }

    @Test
    void guestCellsRunInPlanOrderInAFreshGuestEachAndSayWhereTheyRan() throws Exception {
        Plan plan = plan("repeat: 2\nvm: { reuse: false }");
        FakeExecutor host = new FakeExecutor();
        FakeGuests guests = new FakeGuests(plan.scenario());
        assertEquals(0, runner(plan, host, guests, false).run().exitCode(), printed.toString());
        assertEquals(
                plan.nodes().stream()
                        .filter(PlanNode::measured)
                        .map(PlanNode::id)
                        .toList(),
                nodes());
        assertEquals(
                List.of("sh -c s1-host", "sh -c s2-host", "sh -c s3-host"),
                host.measured().subList(0, 3));
        assertEquals(6, host.measured().size(), "host cells only on the host");
        assertEquals(2, guests.boots().size(), "one guest per cell repetition");
        assertEquals(
                List.of("s1-debian-6.1", "s2-debian-6.1", "s3-debian-6.1"),
                guests.boots().get(0));
        for (Measurement m : journal()) {
            boolean guest = m.cell().get("kernel").equals("debian-6.1");
            assertEquals(guest ? "tcg" : "host", m.virt(), m.node());
            assertEquals(Where.hostname(), m.host());
            assertEquals(Status.OK, m.status());
            assertEquals(guest ? Integer.valueOf(1) : null, m.guestRepetition(), "a guest booted for each");
        }
        Measurement g = journal().stream()
                .filter(m -> m.node().equals("debian-6.1/r1/s2"))
                .findFirst()
                .orElseThrow();
        assertEquals("6.1.0-fake-amd64", g.kernel());
        assertEquals(0.5, g.realS());
        assertEquals(40L, g.cpuPct());
        assertEquals(FakeGuests.CPU_METHOD, g.cpuMethod());
        assertEquals(List.of("vda"), g.devices());
        assertEquals(List.of("logs/debian-6.1/r1/s2.out", "logs/debian-6.1/r1/s2.err"), g.log());
        assertEquals(
                "out of s2-debian-6.1\n",
                Files.readString(dir.resolve("out").resolve(g.log().get(0)), StandardCharsets.UTF_8),
                "the guest's output is the step's log");
    }

    @Test
    void skipCellInAGuestSkipsTheRestOfItsCellAndGoesOn() throws Exception {
        Plan plan = plan("");
        FakeGuests guests = new FakeGuests(plan.scenario()).exit("s1-debian", 3);
        Runner.Summary s = runner(plan, new FakeExecutor(), guests, false).run();
        assertEquals(new Runner.Summary(3, 1, 2, false, false), s);
        List<Measurement> rows = journal();
        assertEquals(
                List.of(Status.OK, Status.OK, Status.OK, Status.FAILED, Status.SKIPPED, Status.SKIPPED),
                rows.stream().map(Measurement::status).toList());
        assertEquals(3, rows.get(3).exitCode());
        assertEquals("skipped because debian-6.1/r1/s1 failed", rows.get(4).reason());
        assertNull(rows.get(4).virt(), "a step no guest ran names no kernel");
    }

    @Test
    void continueInAGuestRunsTheRestOfTheCell() throws Exception {
        Plan plan = plan("on_error: continue");
        FakeGuests guests = new FakeGuests(plan.scenario()).exit("s1-debian", 3);
        Runner.Summary s = runner(plan, new FakeExecutor(), guests, false).run();
        assertEquals(new Runner.Summary(5, 1, 0, false, false), s);
        assertEquals(
                List.of("s1-debian-6.1", "s2-debian-6.1", "s3-debian-6.1"),
                guests.boots().get(0));
    }

    @Test
    void abortInAGuestStopsTheCampaign() throws Exception {
        Plan plan = plan("on_error: abort\norder: interleaved");
        FakeGuests guests = new FakeGuests(plan.scenario()).exit("s1-debian", 3);
        FakeExecutor host = new FakeExecutor();
        Runner.Summary s = runner(plan, host, guests, false).run();
        assertTrue(s.aborted());
        assertEquals(1, s.exitCode());
        assertEquals(List.of("s1-debian-6.1"), guests.boots().get(0), "the guest is killed after the failure");
        assertEquals(List.of("host/r1/s1", "host/r1/s2", "host/r1/s3", "debian-6.1/r1/s1"), nodes());
    }

    @Test
    void anInterruptInAGuestIsNotRecordedAndResumeRunsTheUnitAgainKeepingWhatWasMeasured() throws Exception {
        Plan plan = plan("");
        FakeExecutor host = new FakeExecutor();
        FakeGuests first = new FakeGuests(plan.scenario());
        Runner runner = runner(plan, host, first, false);
        first.interruptDuring("s2-debian", runner::interrupt);
        Runner.Summary s = runner.run();
        assertEquals(3, s.exitCode());
        assertEquals(List.of("host/r1/s1", "host/r1/s2", "host/r1/s3", "debian-6.1/r1/s1"), nodes());
        assertEquals(List.of("s1-debian-6.1", "s2-debian-6.1"), first.boots().get(0), "nothing runs after it");

        FakeGuests second = new FakeGuests(plan.scenario());
        FakeExecutor again = new FakeExecutor();
        assertEquals(0, runner(plan, again, second, true).run().exitCode(), printed.toString());
        assertEquals(List.of(), again.calls(), "the host's cell was done");
        assertEquals(
                List.of("s1-debian-6.1", "s2-debian-6.1", "s3-debian-6.1"),
                second.boots().get(0),
                "a fresh guest runs the cut unit from its first step");
        assertEquals(
                List.of(
                        "host/r1/s1",
                        "host/r1/s2",
                        "host/r1/s3",
                        "debian-6.1/r1/s1",
                        "debian-6.1/r1/s2",
                        "debian-6.1/r1/s3"),
                nodes(),
                "the kept step is not measured again");
        assertTrue(printed.toString().contains("run again unmeasured in a fresh guest"), printed.toString());
    }

    @Test
    void adaptiveRepeatAddsGuestRepetitionsOnlyForNoisyGuestCellsAGuestForEachRound() throws Exception {
        Plan plan = plan("repeat: { min: 2, max: 4, target_cv: 10% }");
        FakeExecutor host = new FakeExecutor().seconds("s1-host", 1.0);
        FakeGuests guests = new FakeGuests(plan.scenario()).seconds("s1-debian", 1.0, 2.0, 3.0, 4.0);
        assertEquals(0, runner(plan, host, guests, false).run().exitCode(), printed.toString());
        assertEquals(
                List.of("debian-6.1/r1/s1", "debian-6.1/r2/s1", "debian-6.1/r3/s1", "debian-6.1/r4/s1"),
                nodes().stream()
                        .filter(n -> n.endsWith("/s1") && n.startsWith("debian"))
                        .toList());
        assertEquals(
                List.of("host/r1/s1", "host/r2/s1"),
                nodes().stream()
                        .filter(n -> n.endsWith("/s1") && n.startsWith("host"))
                        .toList(),
                "the steady host cell gets no more repetitions");
        assertEquals(4, guests.boots().size(), "rounds: the host's cell between two guest repetitions, a guest each");
    }

    @Test
    void aGuestThatDiesFailsItsRunningStepAndSkipsTheRest() throws Exception {
        Plan plan = plan("");
        FakeGuests guests = new FakeGuests(plan.scenario()).dieDuring("s2-debian", "the guest died (kernel panic)");
        Runner.Summary s = runner(plan, new FakeExecutor(), guests, false).run();
        assertEquals(new Runner.Summary(4, 1, 1, false, false), s);
        List<Measurement> rows = journal();
        assertEquals(Status.FAILED, rows.get(4).status());
        assertEquals("the guest died (kernel panic)", rows.get(4).reason());
        assertEquals(Status.SKIPPED, rows.get(5).status());
        assertEquals("skipped because debian-6.1/r1/s2 failed", rows.get(5).reason());
    }

    @Test
    void aCellNoGuestCanRunIsSkippedWithTheReason() throws Exception {
        Plan plan = plan("");
        FakeGuests guests = new FakeGuests(plan.scenario()).refuse("debian", "kernel debian-6.1: no such package");
        Runner.Summary s = runner(plan, new FakeExecutor(), guests, false).run();
        assertEquals(new Runner.Summary(3, 0, 3, false, false), s);
        assertTrue(
                journal().subList(3, 6).stream()
                        .allMatch(m -> m.status() == Status.SKIPPED
                                && m.reason().equals("kernel debian-6.1: no such package")),
                journal().toString());
    }
}
