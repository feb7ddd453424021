/**
 * {@code fsflow doctor}: before a run, what it needs and what it will cost. The problems it finds
 * ({@code Diagnosis}), the disk and memory it needs ({@code Footprint}, {@code KnownWrites}, {@code
 * FioJobs}), and its duration, carried from an earlier run to this one's data ({@code
 * Extrapolation}, {@code UnmeasuredTime}, {@code GuestSlowdown}) or estimated from the disk's
 * speeds, place by place and phase by phase.
 */
package org.fsflow.doctor;
