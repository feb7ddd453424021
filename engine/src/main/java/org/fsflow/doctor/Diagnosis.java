package org.fsflow.doctor;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.fsflow.lang.ByteSize;
import org.fsflow.run.Progress;

/**
 * What {@code fsflow doctor} found about a campaign on this host, without changing anything.
 *
 * @param scenario     the scenario's name
 * @param cells        the verdict of every cell, in matrix order
 * @param stepsPerCell measured steps per cell repetition
 * @param repeats      repetitions of each cell (the minimum with an adaptive repeat)
 * @param problems     campaign-wide blockers (a refused device), each with its fix
 * @param places       one line per place the running cells use: the host, each guest kernel with its
 *                     accelerator and expected slowdown ({@link PlaceForecast})
 * @param resources    disk space and memory needed against what the host has
 * @param estimate     the expected duration from a previous run, or null when there is none
 * @param rough        without a previous run, the least duration the steps' own options tell
 *                     (time-based fio jobs), or null with a previous run
 */
public record Diagnosis(
        String scenario,
        List<CellVerdict> cells,
        int stepsPerCell,
        int repeats,
        List<String> problems,
        List<String> places,
        List<Resource> resources,
        Estimate estimate,
        Rough rough) {

    /**
     * A first, rough duration without an earlier run: what the steps' options fix in advance.
     *
     * @param seconds the time-based fio jobs' {@code --runtime} plus {@code --ramp_time}, and the sized
     *                steps' least time at the disk's speeds, summed over the steps that will run
     * @param timed   how many of those steps are time-based fio jobs
     * @param sized   how many move a known size (fio jobs of a size, copies of a dataset), counted at
     *                {@code speeds}
     * @param total   how many measured steps will run
     * @param speeds  the disk's speeds the sized steps are counted at, or null when it has no baseline yet
     */
    public record Rough(double seconds, long timed, long sized, long total, DiskSpeeds speeds) {}

    /**
     * One cell's verdict.
     *
     * @param cell  the cell id ({@code test1/xfs})
     * @param why   why it will be skipped, or null when it will run
     * @param fix   what makes it run (a package, a kernel, root, a device), or null
     * @param place where it runs: on the host, in a QEMU guest under a kernel (and accelerator)
     */
    public record CellVerdict(String cell, String why, String fix, String place) {
        /** True when the cell will run. */
        public boolean runs() {
            return why == null;
        }
    }

    /**
     * A resource the campaign needs, at most {@code neededBytes}, where the host has {@code availableBytes}.
     *
     * @param what           "disk" or "memory"
     * @param where          what it is measured against (a directory, RAM)
     * @param neededBytes    the most the campaign takes
     * @param availableBytes what the host has there
     * @param detail         what the need is made of
     */
    public record Resource(String what, String where, long neededBytes, long availableBytes, String detail) {
        /** True when the need fits. */
        public boolean fits() {
            return neededBytes <= availableBytes;
        }
    }

    /**
     * The expected duration of the measured steps, learnt from a previous run.
     *
     * @param from         the previous run's output directory
     * @param scale        its --scale, per place
     * @param seconds      the estimate for the steps that will run
     * @param matched      steps that were measured in that run (same cell, same step)
     * @param total        steps that will run
     * @param basis        how the earlier run's times were carried to this run's data
     * @param guests        the starts of this run's guest cell repetitions, as long as they took then
     * @param aroundSeconds the unmeasured time expected around the steps that will run (caches
     *                      dropped, copies checked), carried from the earlier run with each step's data
     * @param phases        the unmeasured time phase by phase, from the earlier run's timeline.jsonl
     *                      ({@link PhaseForecast}); null when that run has none
     * @param rounds        an adaptive repeat's expected repetitions ({@link RoundsForecast#line}), null without
     */
    public record Estimate(
            Path from,
            org.fsflow.scenario.Scales scale,
            double seconds,
            long matched,
            long total,
            String basis,
            GuestStarts guests,
            double aroundSeconds,
            PhaseForecast phases,
            String rounds) {

        /** The whole expected duration: the steps and the unmeasured phases (or the time around them and the guests' starts). */
        public double allSeconds() {
            return seconds + unmeasuredSeconds();
        }

        /** The unmeasured time: the phases' sum where the earlier run recorded them, else around and guests. */
        public double unmeasuredSeconds() {
            return phases != null ? phases.total() : aroundSeconds + guests.seconds();
        }

        /** The unmeasured phases' expected seconds, by {@link org.fsflow.result.Phase#key()}; empty when not recorded. */
        public java.util.Map<String, Double> phaseSeconds() {
            java.util.Map<String, Double> out = new java.util.LinkedHashMap<>();
            if (phases != null) {
                phases.seconds().forEach((p, v) -> out.put(p.key(), v));
            }
            return out;
        }
    }

    /**
     * The starts of a run's guest cell repetitions: {@code boots} after another cell's rows (a VM's
     * boot, or a new cell in the running guest), {@code next} after the same cell's previous repetition (its guest
     * handed over), each as long as the earlier run's took on average (empty: it had none).
     */
    public record GuestStarts(long boots, long next, OptionalDouble bootSeconds, OptionalDouble nextSeconds) {

        /** How many guest cell repetitions this run makes. */
        public long repetitions() {
            return boots + next;
        }

        /** Their expected seconds in all: a kind the earlier run did not have counts as the other. */
        public double seconds() {
            double boot = bootSeconds.orElse(nextSeconds.orElse(0));
            return boots * boot + next * nextSeconds.orElse(boot);
        }

        /** True when the earlier run timed some guest start. */
        public boolean known() {
            return bootSeconds.isPresent() || nextSeconds.isPresent();
        }
    }

    /** True when every cell runs and every resource fits. */
    public boolean allClear() {
        return problems.isEmpty()
                && cells.stream().allMatch(CellVerdict::runs)
                && resources.stream().allMatch(Resource::fits);
    }

    /** Prints the diagnosis for a person. */
    public void print(PrintWriter out) {
        long running = cells.stream().filter(CellVerdict::runs).count();
        out.printf(
                Locale.ROOT,
                "%s: %d cells x %d steps x %d repetition%s%n",
                scenario,
                cells.size(),
                stepsPerCell,
                repeats,
                repeats == 1 ? "" : "s");
        problems.forEach(p -> out.println("problem: " + p));
        int width = Math.max(
                1, cells.stream().mapToInt(c -> c.cell().length()).max().orElse(4));
        for (CellVerdict c : cells) {
            out.printf(
                    Locale.ROOT,
                    "  %-" + width + "s  %s%n",
                    c.cell(),
                    c.runs() ? "run " + c.place() : "skip: " + c.why());
            if (c.fix() != null) {
                out.printf(Locale.ROOT, "  %-" + width + "s  fix: %s%n", "", c.fix());
            }
        }
        out.printf(
                Locale.ROOT,
                "%d of %d cells run, %d skipped (%d measured steps run)%n",
                running,
                cells.size(),
                cells.size() - running,
                running * stepsPerCell * repeats);
        places.forEach(p -> out.println("place: " + p));
        for (Resource r : resources) {
            out.printf(
                    Locale.ROOT,
                    "%s: needs about %s (%s), %s has %s: %s%n",
                    r.what(),
                    ByteSize.format(r.neededBytes()),
                    r.detail(),
                    r.where(),
                    ByteSize.format(r.availableBytes()),
                    r.fits() ? "ok" : "NOT ENOUGH");
        }
        printDuration(out);
    }

    // the expected duration: from an earlier run, else the rough least the steps' options fix, else none
    private void printDuration(PrintWriter out) {
        if (estimate == null && rough != null && rough.timed() + rough.sized() > 0) {
            List<String> counted = new java.util.ArrayList<>();
            if (rough.timed() > 0) {
                counted.add(rough.timed() + " are time-based fio jobs, counted at their --runtime and --ramp_time");
            }
            if (rough.sized() > 0) {
                counted.add(rough.sized() + " move a known size, counted at the speeds the disk under the work "
                        + "directory measured at " + rough.speeds().measuredAt() + " (its baseline; the filesystem's "
                        + "own work not counted)");
            }
            out.printf(
                    Locale.ROOT,
                    "duration: at least %s, rough (no previous run of %s under reports/: of the %d measured steps, %s;"
                            + " the others' time is unknown)%n",
                    Progress.clock(rough.seconds()),
                    scenario,
                    rough.total(),
                    String.join(", and ", counted));
            return;
        }
        if (estimate == null) {
            out.println("duration: no previous run of " + scenario + " under reports/: no estimate");
            return;
        }
        out.printf(
                Locale.ROOT,
                "duration: about %s for the measured steps (from %s at %s, which "
                        + "measured %d of these %d steps; carried to this run's data: %s)%n",
                Progress.clock(estimate.seconds()),
                estimate.from(),
                estimate.scale().options(),
                estimate.matched(),
                estimate.total(),
                estimate.basis());
        if (estimate.rounds() != null) {
            out.println(estimate.rounds());
        }
        printGuests(out);
    }

    // what the time around the steps and the guests' starts add to the measured steps, learnt from the earlier run's
    // rows
    private void printGuests(PrintWriter out) {
        if (estimate.phases() != null) {
            printPhases(out);
            return;
        }
        if (estimate.aroundSeconds() > 0) {
            out.printf(
                    Locale.ROOT,
                    "around them: about %s more (the time between the steps in that run: caches dropped, copies "
                            + "checked, blocks released before mkfs; carried with each step's data)%n",
                    Progress.clock(estimate.aroundSeconds()));
        }
        GuestStarts g = estimate.guests();
        if (g.repetitions() > 0 && g.known()) {
            out.printf(
                    Locale.ROOT,
                    "guests: about %s more to start %d cell repetitions in a VM (%d after another cell's steps, %s "
                            + "each in that run: a VM's boot or a new cell in the running guest; %d after the same "
                            + "cell's previous repetition, %s each)%n",
                    Progress.clock(g.seconds()),
                    g.repetitions(),
                    g.boots(),
                    seconds(g.bootSeconds()),
                    g.next(),
                    seconds(g.nextSeconds()));
        }
        out.printf(Locale.ROOT, "in all: about %s%n", Progress.clock(estimate.allSeconds()));
    }

    // the unmeasured phases as that run's timeline recorded them, carried to this run
    private void printPhases(PrintWriter out) {
        PhaseForecast f = estimate.phases();
        java.util.List<String> parts = new java.util.ArrayList<>();
        f.seconds().forEach((p, v) -> parts.add(p.label() + " " + Progress.clock(v)));
        out.printf(
                Locale.ROOT,
                "around them: about %s more, phase by phase from that run's timeline (those around each step carried "
                        + "by the number of steps, x%.2f; datasets and images as they took): %s%n",
                Progress.clock(f.total()),
                f.factor(),
                parts.isEmpty() ? "none took time" : String.join(", ", parts));
        out.printf(Locale.ROOT, "in all: about %s%n", Progress.clock(estimate.allSeconds()));
    }

    private static String seconds(OptionalDouble s) {
        return s.isPresent() ? String.format(Locale.ROOT, "%.1f s", s.getAsDouble()) : "none timed";
    }
}
