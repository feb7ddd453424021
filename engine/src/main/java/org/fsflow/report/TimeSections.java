package org.fsflow.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fsflow.result.Phase;
import org.fsflow.summary.Numbers;
import org.fsflow.summary.TimeSpent;

/** Formats a run's {@link TimeSpent} into the report's {@link TimeSection}. */
final class TimeSections {

    /** What a run made before timeline.jsonl shows for its unmeasured phases. */
    static final String NOT_RECORDED = "not recorded (run made before timeline.jsonl)";

    static final String MEASURED = "measured steps";
    static final String OTHER = "other";
    static final String UNMEASURED = "unmeasured phases";
    static final String REST = "unmeasured phases and other, not recorded by phase (run made before timeline.jsonl)";

    private TimeSections() {}

    /** The section of {@code t}. */
    static TimeSection of(TimeSpent t) {
        if (!t.present()) {
            return TimeSection.NONE;
        }
        List<TimeSection.Table> tables = new ArrayList<>();
        for (TimeSpent.PlaceTime p : t.places()) {
            tables.add(new TimeSection.Table(p.label(), false, place(p, t)));
        }
        tables.add(new TimeSection.Table("all places", true, total(t)));
        return new TimeSection(true, t.recorded(), wall(t), List.copyOf(tables), notes(t));
    }

    private static List<TimeSection.Row> place(TimeSpent.PlaceTime p, TimeSpent t) {
        List<TimeSection.Row> rows = new ArrayList<>();
        rows.add(row(MEASURED, p.measuredSeconds(), t));
        if (t.recorded()) {
            for (Phase phase : shown(t)) {
                rows.add(row(phase.label(), p.phaseSeconds().getOrDefault(phase, 0.0), t));
            }
            rows.add(sum("at this place", p.seconds(), t));
        } else {
            rows.add(new TimeSection.Row(UNMEASURED, NOT_RECORDED, "", false));
            rows.add(sum("at this place, measured", p.measuredSeconds(), t));
        }
        return rows;
    }

    private static List<TimeSection.Row> total(TimeSpent t) {
        TimeSpent.PlaceTime all = t.total("all places");
        List<TimeSection.Row> rows = new ArrayList<>();
        rows.add(row(MEASURED, all.measuredSeconds(), t));
        if (t.recorded()) {
            for (Phase phase : shown(t)) {
                rows.add(row(phase.label(), all.phaseSeconds().getOrDefault(phase, 0.0), t));
            }
            rows.add(row(OTHER, t.otherSeconds(), t));
        } else {
            rows.add(row(REST, t.otherSeconds(), t));
        }
        rows.add(sum("wall time", t.wallSeconds(), t));
        return rows;
    }

    // every phase a run can have, and those only some runs have where this one recorded them
    private static List<Phase> shown(TimeSpent t) {
        TimeSpent.PlaceTime all = t.total("all places");
        return java.util.Arrays.stream(Phase.values())
                .filter(p -> p.always() || all.phaseSeconds().getOrDefault(p, 0.0) > 0)
                .toList();
    }

    private static TimeSection.Row row(String phase, double seconds, TimeSpent t) {
        return new TimeSection.Row(phase, seconds(seconds), share(seconds, t), false);
    }

    private static TimeSection.Row sum(String phase, double seconds, TimeSpent t) {
        return new TimeSection.Row(phase, seconds(seconds), share(seconds, t), true);
    }

    static String seconds(double s) {
        return Double.isNaN(s) ? "–" : Numbers.fixed(s, 1) + " s";
    }

    private static String share(double seconds, TimeSpent t) {
        return Double.isNaN(t.wallSeconds()) || t.wallSeconds() <= 0 ? "–" : Numbers.percent(seconds / t.wallSeconds());
    }

    private static String wall(TimeSpent t) {
        if (Double.isNaN(t.wallSeconds())) {
            return "Wall time unknown (run.json records no start): the shares are not computed.";
        }
        double paused = t.pauses().stream().mapToDouble(Double::doubleValue).sum();
        return String.format(
                Locale.ROOT,
                "Wall time %s (%s), from run.json's start to the end of the last record%s; each share is of it.",
                clock(t.wallSeconds()),
                seconds(t.wallSeconds()),
                t.pauses().isEmpty()
                        ? ""
                        : ", less "
                                + (t.pauses().size() == 1
                                        ? "the pause"
                                        : "the " + t.pauses().size() + " pauses")
                                + " from the last record before a resume to it (" + clock(paused) + ")");
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    private static List<String> notes(TimeSpent t) {
        List<String> notes = new ArrayList<>();
        notes.add("Measured steps: the sum of the steps' real time (results.jsonl). "
                + (t.recorded()
                        ? "The unmeasured phases as timeline.jsonl recorded them, each where it ran; other: the "
                                + "rest of the wall time (waits between records, what no phase records)."
                        : "This run was made before timeline.jsonl: its unmeasured phases (datasets generated, "
                                + "images built, guests booted, copies verified, caches dropped, blocks released, "
                                + "waits for a quiet host, retakes, before: and after: commands) were not recorded, "
                                + "so only their sum with the rest of the wall time is shown."));
        if (!Double.isNaN(t.wallSeconds()) && t.overlapped()) {
            notes.add("The places worked at the same time: their records add up to "
                    + seconds(t.total("").seconds()) + ", more than the wall time, so the shares add up to more "
                    + "than 100 % and other is 0.");
        }
        if (t.unreadable() > 0) {
            notes.add(t.unreadable() + " line" + (t.unreadable() == 1 ? "" : "s")
                    + " of timeline.jsonl could not be read and " + (t.unreadable() == 1 ? "is" : "are")
                    + " left out.");
        }
        return List.copyOf(notes);
    }
}
