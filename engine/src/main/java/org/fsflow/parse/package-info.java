/**
 * Parsers of real tools' output (GNU time, bonnie++, fio, dd, filefrag, free space, capacity) and
 * of a scenario's own {@code parse:} figures, each into the figures of a measurement; output that
 * is not what a parser expects is refused with the reason, never read as zero.
 */
package org.fsflow.parse;
