/**
 * The machine under the campaign, measured: the backing disk under the loop images and its
 * baseline speeds ({@code DeviceBaseline}, {@code BlockBaseline}), the device preconditioned
 * before a baseline, the versions of the tools a run uses, and the packages {@code setup}
 * installs.
 */
package org.fsflow.machine;
