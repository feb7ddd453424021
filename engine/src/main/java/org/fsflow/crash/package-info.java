/**
 * Crash recovery measured: the write log of a workload (the kernel's dm-log-writes format), its
 * replay up to chosen crash points onto a fresh image, what a crash point yields when the
 * recovered tree is compared with what the workload had made durable there, and the rows each
 * crash point adds to the journal ({@code CrashRows}).
 */
package org.fsflow.crash;
