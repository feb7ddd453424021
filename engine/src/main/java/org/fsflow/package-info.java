/**
 * fsflow: declarative, real and reproducible filesystem benchmark campaigns. {@link
 * org.fsflow.Fsflow} composes the stages (scenario, plan, run, result, summary, report: design.md
 * section 1); {@code cli}'s commands are each a prefix of that pipeline. The packages' layers, and
 * the rule that none uses one above it, are in engine/src/test/java/org/fsflow/LayersTest.java.
 */
package org.fsflow;
