/**
 * Runs set side by side: {@code fsflow compare} (a report of two or more run directories, the
 * ratios of their means with their intervals, and what else differed between the runs), {@code
 * merge}, {@code export}, the gate that fails a comparison past a threshold, and {@code reproduce}'s
 * verdict on a run made again. It reads run directories through {@code result} and the statistics
 * of {@code summary}, and renders with {@code report}'s templates.
 */
package org.fsflow.compare;
