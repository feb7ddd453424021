/**
 * The execute stage: a plan walked round by round and cell repetition by cell repetition ({@code
 * Walker}, {@code Recorder}), each cell handed to its place (the host's in {@code host}, a guest's
 * in {@code vm}), adaptive repetitions and retakes, crash runs driven, resume and its records, and
 * the campaign's run directory written ({@code Campaign}, {@code Environment}).
 */
package org.fsflow.run;
