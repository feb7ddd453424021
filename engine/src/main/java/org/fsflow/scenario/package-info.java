/**
 * The scenario language: YAML loaded safely with node marks, read into records ({@link
 * org.fsflow.scenario.Scenario}), validated with every problem located at its file, line and
 * column ({@link org.fsflow.lang.Diagnostic}), {@code --set} and {@code --scale} applied once;
 * and the source section's findings, the claims a run is checked against.
 */
package org.fsflow.scenario;
