package org.fsflow.vm;

/**
 * A filesystem the guest mounts before the first step, unmeasured: the read-only source image
 * that holds the datasets, mounted where the host has them, so that {@code ${dataset.path}}
 * means the same bytes at the same path in the guest.
 *
 * @param device   the guest's node ({@code /dev/vdb})
 * @param path     where to mount it
 * @param type     its filesystem type
 * @param readOnly mount it read-only
 */
public record GuestMount(String device, String path, String type, boolean readOnly) {}
