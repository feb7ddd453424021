/**
 * {@code fsflow history}: many runs of one campaign over commits or kernels, ordered, grouped into
 * series, their change points found and tested, and rendered as a report of its own.
 */
package org.fsflow.history;
