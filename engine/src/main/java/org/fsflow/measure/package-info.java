/**
 * What a step is measured with on the host, besides its own clock: /proc (the host's CPU, dirty
 * memory, disk counters, kernel threads and their classes), the cgroups a step and the services of
 * its filesystem run in, the sampled time series of a long step, and the cost of a launch. It
 * reads the kernel's counters and nothing else of fsflow but the result records.
 */
package org.fsflow.measure;
