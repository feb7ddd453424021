/**
 * The machine's devices and what it can run: loop devices, mounts (read from /proc), the safety
 * checks before anything is formatted ({@link org.fsflow.device.DeviceSafety}: never a device
 * fsflow did not create or the scenario did not confirm, nor one mounted or holding the system),
 * the filesystems and tools this host has, and the one list of packages {@code setup} installs.
 */
package org.fsflow.device;
