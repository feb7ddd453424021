package org.fsflow.summary;

/**
 * The capacity of one column's filesystem right after mkfs, mean over its measurements.
 *
 * @param column          the column label
 * @param runs            how many measurements
 * @param deviceBytes     the device size
 * @param filesystemBytes the filesystem size
 * @param availableBytes  the space available to users
 * @param usablePct       available over device size, percent
 * @param inodes          the number of inodes
 */
public record CapacityRow(
        String column,
        int runs,
        double deviceBytes,
        double filesystemBytes,
        double availableBytes,
        double usablePct,
        double inodes) {}
