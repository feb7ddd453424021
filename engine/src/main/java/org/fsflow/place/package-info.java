/**
 * Where a cell runs, as the walker sees it: the {@link org.fsflow.place.CellPlace} contract (units
 * of a cell's resolved steps in, one {@link org.fsflow.place.StepOutcome} per step out), the
 * teardown that undoes what a unit set up even on failure, the timeline of unmeasured phases
 * ({@link org.fsflow.place.PhaseLog}) and the short commands places run around the steps.
 */
package org.fsflow.place;
