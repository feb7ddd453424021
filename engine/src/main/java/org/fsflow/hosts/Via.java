package org.fsflow.hosts;

/**
 * How the hosts of a campaign are reached: over the user's OpenSSH ({@code --via ssh}, hosts from
 * an inventory) or as Slurm jobs ({@code --via slurm}, one exclusive job per named node).
 *
 * @param kind      ssh or slurm
 * @param partition with Slurm, the partition ({@code srun -p}), or null for the default one
 */
public record Via(Kind kind, String partition) {

    /** Over ssh, the default. */
    public static final Via SSH = new Via(Kind.SSH, null);

    /** The engines fsflow can use to reach hosts. */
    public enum Kind {
        /** The user's OpenSSH client. */
        SSH,
        /** Slurm's srun. */
        SLURM
    }

    /** Slurm jobs in {@code partition} (null: the default partition). */
    public static Via slurm(String partition) {
        return new Via(Kind.SLURM, partition);
    }
}
