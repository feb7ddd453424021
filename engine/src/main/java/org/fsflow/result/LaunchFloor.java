package org.fsflow.result;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * {@code environment.json}'s {@code launch_floor}: the median real and CPU time of {@code true} run
 * through fsflow, the floor of every measurement.
 *
 * @param command the command timed
 * @param runs    how many times
 * @param realSMedian median real time, seconds
 * @param cpuSMedian  median CPU (user + system) time, seconds
 * @param bareSMedian median real time of a bare fork/exec of the same command from the same JVM
 * @param ratioToBare the floor over that
 * @param launchMechanism how the JVM started processes
 */
public record LaunchFloor(
        String command,
        int runs,
        @JsonProperty("real_s_median") double realSMedian,
        @JsonProperty("cpu_s_median") double cpuSMedian,
        @JsonProperty("bare_fork_exec_s_median") Double bareSMedian,
        Double ratioToBare,
        String launchMechanism) {}
