package org.fsflow.lang;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects every problem of a scenario before anything fails, so a user sees them all at once.
 * The same problem reached twice (a YAML alias read in two places) is kept once.
 */
public final class Problems {

    private final Set<Diagnostic> diagnostics = new LinkedHashSet<>();

    /** Records an error: the scenario cannot run. */
    public void error(Location where, String message) {
        diagnostics.add(new Diagnostic(Diagnostic.Severity.ERROR, where, message));
    }

    /** Records a warning: the scenario can run, but its method is weaker than it should be. */
    public void warn(Location where, String message) {
        diagnostics.add(new Diagnostic(Diagnostic.Severity.WARNING, where, message));
    }

    /** True when at least one error was recorded. */
    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(d -> d.severity() == Diagnostic.Severity.ERROR);
    }

    /** How many distinct diagnostics were recorded. */
    public int size() {
        return diagnostics.size();
    }

    /** All diagnostics, errors first, each group in file order. */
    public List<Diagnostic> all() {
        List<Diagnostic> sorted = new ArrayList<>(diagnostics);
        sorted.sort(Comparator.comparing(Diagnostic::severity)
                .thenComparing(d -> d.location().origin())
                .thenComparingInt(d -> d.location().line())
                .thenComparingInt(d -> d.location().column()));
        return sorted;
    }

    /** Only the errors. */
    public List<Diagnostic> errors() {
        return all().stream()
                .filter(d -> d.severity() == Diagnostic.Severity.ERROR)
                .toList();
    }
}
