/**
 * Crash recovery measured: the write log of a workload (the kernel's dm-log-writes format), its
 * replay up to chosen crash points onto a fresh image, and what a crash point yields when the
 * recovered tree is compared with what the workload had made durable there.
 */
package org.fsflow.crash;
