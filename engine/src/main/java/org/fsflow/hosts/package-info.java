/**
 * Campaigns over many hosts: the hosts file and inventory, each host's run started through the
 * user's own OpenSSH client or through Slurm ({@code srun}), its state followed, its run directory
 * brought back and merged, and the report that sets the hosts side by side.
 */
package org.fsflow.hosts;
