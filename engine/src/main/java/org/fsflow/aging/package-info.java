/**
 * Aged filesystems: the aging a scenario asks for, run once and kept as an image by its recipe's
 * digest ({@code AgedImages}, {@code AgedState}), the commands that age and the syncs between
 * them, so that every repetition starts from the same aged state.
 */
package org.fsflow.aging;
