package org.fsflow.result;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a series' rows say besides their figures, gathered one row at a time: the distinct commands,
 * the places (kernel and virtualization) they ran in, the measuring methods and memory budgets. A
 * few entries per series, whatever its number of repetitions.
 */
public final class RowFacts {

    /** At most this many distinct commands are kept per series (a command that names its repetition differs each time). */
    static final int COMMANDS = 64;

    private final Map<String, Long> commands = new LinkedHashMap<>();
    private final Map<String, Measurement> places = new LinkedHashMap<>();
    private final Map<String, Measurement> countedPlaces = new LinkedHashMap<>();
    private final Map<String, Integer> cpuMethods = new LinkedHashMap<>();
    private final Map<String, Integer> memoryMethods = new LinkedHashMap<>();
    private final Set<Long> budgets = new TreeSet<>();
    private int unbudgeted;
    private int freshGuestRows;
    private int reusedGuestRows;
    private int disturbed;
    private String kernel;
    private String virt;
    private String place;

    void add(Measurement m, long id) {
        if (commands.size() < COMMANDS) {
            commands.putIfAbsent(m.command(), id);
        }
        String place = place(m);
        places.putIfAbsent(place, m);
        if (m.realS() != null) {
            tally(cpuMethods, m.cpuMethod());
            tally(memoryMethods, m.memoryMethod());
            if (m.guestRepetition() != null) {
                freshGuestRows += m.guestRepetition() == 1 ? 1 : 0;
                reusedGuestRows += m.guestRepetition() > 1 ? 1 : 0;
            }
        }
        if (!m.counted()) {
            return;
        }
        countedPlaces.putIfAbsent(place, m);
        disturbed += Boolean.TRUE.equals(m.disturbed()) ? 1 : 0;
        if (m.memoryBudgetBytes() != null) {
            budgets.add(m.memoryBudgetBytes());
        } else {
            unbudgeted++;
        }
    }

    // the key of m's place, made again only when it changes: rows of a series share their place
    private String place(Measurement m) {
        if (place == null
                || !java.util.Objects.equals(m.kernel(), kernel)
                || !java.util.Objects.equals(m.virt(), virt)) {
            kernel = m.kernel();
            virt = m.virt();
            place = kernel + "\u0000" + virt;
        }
        return place;
    }

    void addAll(RowFacts other) {
        other.commands.forEach((c, id) -> {
            if (commands.size() < COMMANDS) {
                commands.putIfAbsent(c, id);
            }
        });
        other.places.forEach(places::putIfAbsent);
        other.countedPlaces.forEach(countedPlaces::putIfAbsent);
        other.cpuMethods.forEach((k, v) -> cpuMethods.merge(k, v, Integer::sum));
        other.memoryMethods.forEach((k, v) -> memoryMethods.merge(k, v, Integer::sum));
        budgets.addAll(other.budgets);
        unbudgeted += other.unbudgeted;
        freshGuestRows += other.freshGuestRows;
        reusedGuestRows += other.reusedGuestRows;
        disturbed += other.disturbed;
    }

    private static void tally(Map<String, Integer> into, String method) {
        if (method != null) {
            into.merge(method, 1, Integer::sum);
        }
    }

    /** Measured rows of the first cell repetition of their guest (booted for it). */
    public int freshGuestRows() {
        return freshGuestRows;
    }

    /** Measured rows of a later cell repetition of their guest (a guest reused: {@code vm: reuse}). */
    public int reusedGuestRows() {
        return reusedGuestRows;
    }

    /** The distinct commands of the rows (null for rows without one), in order, at most {@value #COMMANDS}. */
    public List<String> commands() {
        return new ArrayList<>(commands.keySet());
    }

    /** Each of {@link #commands} with the id of the first row that ran it ({@link ResultSet#row}): journal order across series. */
    public Map<String, Long> commandsFirstSeen() {
        return commands;
    }

    /** The first row of each place (kernel and virtualization) the rows ran in, any status. */
    public Collection<Measurement> places() {
        return places.values();
    }

    /** The same, of the rows that count in statistics. */
    public Collection<Measurement> countedPlaces() {
        return countedPlaces.values();
    }

    /** How many timed rows ({@code real_s} recorded) each CPU method measured. */
    public Map<String, Integer> cpuMethods() {
        return cpuMethods;
    }

    /** How many timed rows each memory method measured. */
    public Map<String, Integer> memoryMethods() {
        return memoryMethods;
    }

    /** The memory budgets counted rows ran under, ascending. */
    public Set<Long> budgets() {
        return budgets;
    }

    /** How many counted rows ran without a memory budget. */
    public int unbudgeted() {
        return unbudgeted;
    }

    /** How many counted rows are marked {@code disturbed}: disturbed after their cell had used its retakes. */
    public int disturbed() {
        return disturbed;
    }
}
