package org.fsflow.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The detector on seeded synthetic series (30 runs of 5 repetitions, see {@link SyntheticTrials}):
 * the rates the issue asks for, and the facts of one change point.
 */
class ChangePointsTest {

    static final ChangePoints.Options DEFAULT = ChangePoints.Options.DEFAULT;

    @Test
    void aFivePercentShiftIsFoundAtTheRightRunWhereTheNoiseLetsAnyMethodPlaceIt() {
        // CV 2 %: a run's mean varies by 0.9 %, the shift is 5.6 times that
        SyntheticTrials.Rates r = SyntheticTrials.run(28, 200, 0.02, 0.02, DEFAULT);
        assertTrue(r.foundRate() >= 0.90, "found at the right run in " + r.found() + " of 200");
        // CV 2-3 %
        SyntheticTrials.Rates low = SyntheticTrials.run(29, 200, 0.02, 0.03, DEFAULT);
        assertTrue(low.foundRate() >= 0.90, "found at the right run in " + low.found() + " of 200");
    }

    @Test
    void whereTheNoiseHidesTheRunTheDetectorFindsWhatTheUntestedStatisticLocates() {
        // CV 2-10 %: the energy statistic itself, untested, lands on the shift in far fewer than
        // 90 % of the trials; the test must not claim more than that, nor lose most of it
        SyntheticTrials.Rates r = SyntheticTrials.run(28, 200, 0.02, 0.10, DEFAULT);
        assertTrue(r.found() <= r.located() + 2, r.toString());
        assertTrue(r.found() >= 0.6 * r.located(), r.toString());
    }

    @Test
    void noMethodPlacesTheShiftOnTheRightRunIn90PercentAboveCv3AndTheDetectorComesNearTheBound() {
        // an oracle that knows both levels places the change by maximum likelihood: a bound on the
        // rate of any method; at CV 6 % it lands on the right run in well under 90 % of the trials
        SyntheticTrials.Rates six = SyntheticTrials.run(34, 200, 0.06, 0.06, DEFAULT);
        assertTrue(six.oracle() < 0.75 * six.trials(), six.toString());
        assertTrue(six.found() <= six.oracle() + 4, six.toString());
        assertTrue(six.found() >= 0.7 * six.oracle(), six.toString());
        // and the change point it reports is within one run of the shift in most trials
        assertTrue(six.near() >= 0.65 * six.trials(), six.toString());
    }

    @Test
    void seriesWithoutAShiftHaveNoChangePointInAtLeast95PercentOfTrials() {
        SyntheticTrials.Rates all = SyntheticTrials.run(28, 200, 0.02, 0.10, DEFAULT);
        assertTrue(all.quietRate() >= 0.95, "quiet in " + all.quiet() + " of 200");
        for (int cv = 2; cv <= 10; cv += 4) {
            SyntheticTrials.Rates r = SyntheticTrials.run(100 + cv, 200, cv / 100.0, cv / 100.0, DEFAULT);
            assertTrue(r.quietRate() >= 0.95, "CV " + cv + " %: quiet in " + r.quiet() + " of 200");
        }
    }

    @Test
    void aClearStepIsOneChangePointWithItsRatioIntervalAndSides() {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            double level = (i < 5 ? 10 : 12) + 0.05 * ((i * 7) % 5 - 2);
            points.add(new double[] {level - 0.1, level, level + 0.1});
        }
        ChangePoints.Detection d = ChangePoints.detect(points, DEFAULT);
        assertEquals(1, d.changes().size());
        ChangePoints.Change c = d.changes().get(0);
        assertEquals(5, c.index());
        assertEquals(0, c.from());
        assertEquals(8, c.to());
        assertTrue(c.runs(), "five and three runs: the runs' means are the units");
        assertEquals(1.2, c.ratio().ratio(), 0.01);
        assertTrue(c.ratio().low() < 1.2 && c.ratio().high() > 1.2, c.ratio().toString());
        assertTrue(c.p() < 1e-6, "p " + c.p());
    }

    @Test
    void runsThatShareTheirOrderingValueAreNeverSplitApart() {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            double level = (i < 5 ? 10 : 12) + 0.05 * ((i * 7) % 5 - 2);
            points.add(new double[] {level - 0.1, level, level + 0.1});
        }
        boolean[] splittable = {false, true, true, true, true, false, true, true};
        ChangePoints.Detection d = ChangePoints.detect(points, DEFAULT, splittable);
        assertTrue(d.changes().stream().noneMatch(c -> c.index() == 5), d.toString());
    }

    @Test
    void threeRunsTestTheirRepetitionsAndAMinimumEffectDropsSmallChanges() {
        List<double[]> points = List.of(
                new double[] {10.0, 10.1, 9.9, 10.05, 9.95},
                new double[] {10.0, 10.1, 9.9, 10.02, 9.98},
                new double[] {10.3, 10.4, 10.2, 10.35, 10.25});
        ChangePoints.Detection d = ChangePoints.detect(points, DEFAULT);
        assertEquals(1, d.changes().size(), d.toString());
        assertEquals(2, d.changes().get(0).index());
        assertTrue(!d.changes().get(0).runs(), "repetitions are the units");
        ChangePoints.Detection big = ChangePoints.detect(points, new ChangePoints.Options(0.001, 0.05));
        assertEquals(List.of(), big.changes(), "a 3 % change is below a 5 % minimum effect");
    }

    @Test
    void constantShortAndEmptySeriesHaveNone() {
        assertEquals(List.of(), ChangePoints.detect(List.of(), DEFAULT).changes());
        assertEquals(
                List.of(),
                ChangePoints.detect(List.<double[]>of(new double[] {1}), DEFAULT)
                        .changes());
        List<double[]> flat = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            flat.add(new double[] {3, 3, 3});
        }
        assertEquals(List.of(), ChangePoints.detect(flat, DEFAULT).changes());
    }
}
