/**
 * The execute stage: a plan walked cell repetition by cell repetition ({@code Walker}, {@code
 * Recorder}), each step run and measured on the host ({@code LocalSteps}, {@code ProcessExecutor})
 * or handed to a guest ({@code vm}), adaptive repetitions and retakes, resume, the environment
 * captured, the disk baseline, and {@code doctor}'s forecasts. Aging and crash runs are driven
 * from here too.
 */
package org.fsflow.run;
