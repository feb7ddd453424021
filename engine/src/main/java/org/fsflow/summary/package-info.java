/**
 * The summarize stage: a run's {@link org.fsflow.result.ResultSet} and
 * {@link org.fsflow.result.RunEnvironment} in, a {@link org.fsflow.summary.RunSummary} of records
 * out, with every statistic and method warning a report shows computed once.
 *
 * <p>Its own package, above {@code result} and below {@code report}: the statistics are not a
 * property of the stored results (which {@code run} also reads, for adaptive repetition), nor of a
 * rendering (a run comparison or another format reads the same summary). Warnings are one
 * {@link org.fsflow.summary.WarningRule} class each, listed in
 * {@link org.fsflow.summary.WarningRules#ALL}.
 */
package org.fsflow.summary;
