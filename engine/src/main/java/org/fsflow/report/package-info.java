/**
 * The render stage: a {@link org.fsflow.summary.RunSummary} into report.html and report.md through
 * FreeMarker templates (the model built once, every text escaped for its format), results.csv, the
 * charts as inline SVG, and the index of a directory of reports. Nothing here computes a
 * statistic; it shows what {@code summary} computed.
 */
package org.fsflow.report;
