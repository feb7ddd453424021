/**
 * Writing and reading files without harm: atomic and staged writes (no half-written file), which
 * files a command may overwrite, ownership and safe directories, bounded reads of inputs, and text
 * from outside shown with its control characters escaped ({@link org.fsflow.safety.Visible}). It
 * imports nothing else of fsflow: every package may use it.
 */
package org.fsflow.safety;
