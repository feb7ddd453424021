/**
 * The plan stage: a loaded scenario expanded into its cells and nodes (set-up, datasets, one unit
 * of steps per cell repetition, teardown), in the order the scenario asks for, with every
 * variable bound, every budget and time limit resolved once ({@link
 * org.fsflow.plan.StepResolver}), and the run directory's layout. {@code fsflow plan} prints it.
 */
package org.fsflow.plan;
