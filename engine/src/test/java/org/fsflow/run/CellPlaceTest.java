package org.fsflow.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.fsflow.lang.SourceText;
import org.fsflow.place.CellPlace;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Where;
import org.fsflow.plan.Layout;
import org.fsflow.plan.Plan;
import org.fsflow.plan.PlanNode;
import org.fsflow.plan.Planner;
import org.fsflow.result.Journal;
import org.fsflow.result.Measurement;
import org.fsflow.result.Status;
import org.fsflow.scenario.Overrides;
import org.fsflow.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another place behind the seam, as a VM guest would be: the walker, on_error and the journal
 * work unchanged with it, and every result says where it ran.
 */
class CellPlaceTest {

    @TempDir
    Path dir;

    /** A place that "runs" each unit as a batch elsewhere and hands back one result per step. */
    static final class GuestPlace implements CellPlace {
        final Where where = new Where("guest", "6.1.0-57-amd64", "tcg");
        final List<String> calls = new ArrayList<>();

        @Override
        public void open(boolean resume) {
            calls.add("open");
        }

        @Override
        public void prepare(PlanNode node, BooleanSupplier stop) {
            calls.add("prepare " + node.id());
        }

        @Override
        public void run(Unit unit, UnitSink sink) {
            calls.add("unit " + unit.cell().id() + " r" + unit.repeat());
            String skip = null;
            for (PlanNode n : unit.steps()) {
                if (sink.stopping()) {
                    return;
                }
                sink.starting(n);
                boolean fails = n.command().contains("fail");
                StepOutcome.Figures second =
                        new StepOutcome.Figures(1.0, null, null, null, null, null, null, null, null, null);
                StepOutcome m = skip != null
                        ? StepOutcome.skipped(n.command(), skip, where)
                        : new StepOutcome(
                                n.command(),
                                fails ? Status.FAILED : Status.OK,
                                fails ? 1 : 0,
                                null,
                                second,
                                null,
                                null,
                                null,
                                null,
                                List.of(),
                                where);
                Next next = sink.measured(n, m);
                if (next instanceof Next.Stop) {
                    return;
                }
                if (next instanceof Next.SkipRest s) {
                    skip = s.reason();
                }
            }
        }

        @Override
        public List<String> left() {
            return List.of();
        }

        @Override
        public void interrupt() {
            calls.add("interrupt");
        }

        @Override
        public void close() {
            calls.add("close");
        }
    }

    // two cells (filesystems the host kernel may lack) of two steps, with a first step as given
    Plan plan(String firstStep) throws Exception {
        String yaml = """
                fsflow: 1
                name: elsewhere
                devices: { target: { dir: /nonexistent } }
                matrix: { fs: [jfs, reiserfs] }
                steps:
                  - name: one
                    run: FIRST
                  - name: two
                    run: two
                """.replace("FIRST", firstStep);
        return Planner.plan(
                ScenarioLoader.load(SourceText.of("s.yaml", yaml), Overrides.NONE)
                        .scenario(),
                new Layout(dir.resolve("out"), dir.resolve("work")),
                0);
    }

    Runner.Summary run(Plan plan, CellPlace place, StringWriter printed) {
        return new Runner(plan, new RunOptions(new PrintWriter(printed), false, false), info -> place).run();
    }

    @Test
    void theWalkerAndTheJournalWorkUnchangedAtAnotherPlace() throws Exception {
        Plan plan = plan("one-${cell.fs}");
        GuestPlace guest = new GuestPlace();
        StringWriter printed = new StringWriter();
        Runner.Summary s = run(plan, guest, printed);
        assertEquals(0, s.exitCode(), printed.toString());
        assertEquals(List.of("open", "prepare setup/target", "unit jfs r1", "unit reiserfs r1", "close"), guest.calls);
        List<Measurement> rows = Journal.read(dir.resolve("out").resolve(Journal.FILE));
        assertEquals(4, rows.size());
        assertTrue(
                rows.stream()
                        .allMatch(m -> m.host().equals("guest")
                                && m.kernel().equals("6.1.0-57-amd64")
                                && m.virt().equals("tcg")),
                rows.toString());
    }

    @Test
    void onErrorIsTheWalkersAtAnyPlace() throws Exception {
        Plan plan = plan("one-${cell.fs}-fail");
        GuestPlace guest = new GuestPlace();
        Runner.Summary s = run(plan, guest, new StringWriter());
        assertEquals(new Runner.Summary(0, 2, 2, false, false), s);
        List<Measurement> rows = Journal.read(dir.resolve("out").resolve(Journal.FILE));
        assertEquals(
                List.of(Status.FAILED, Status.SKIPPED, Status.FAILED, Status.SKIPPED),
                rows.stream().map(Measurement::status).toList());
        assertEquals("skipped because reiserfs/r1/one failed", rows.get(3).reason());
    }
}
