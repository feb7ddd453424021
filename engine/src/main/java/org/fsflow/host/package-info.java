/**
 * The host place: a cell's resolved steps run and measured on this machine. {@code LocalHost} sets
 * up its devices and datasets and tears them down; {@code LocalSteps} prepares each step (a quiet
 * host, the program's pages cached, the caches dropped) and checks it after (copies verified,
 * blocks released); {@code ProcessExecutor} starts the step's process in its cgroups and times it
 * from /proc, with the filesystem's services and kernel threads accounted. {@code RunFailure} is
 * the failure a user can act on, from any stage of a run.
 */
package org.fsflow.host;
