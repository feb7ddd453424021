package org.fsflow.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Kernel threads classed by their names, as Linux 6.x shows them in /proc/PID/stat. */
class KernelThreadClassTest {

    private static void classed(String comm, String name, String device) {
        assertEquals(new KernelThreadClass(name, device), KernelThreadClass.of(comm), comm);
    }

    @Test
    void writebackAndGenericWorkers() {
        classed("kworker/u8:4-flush-254:0", "writeback", null);
        classed("kworker/u8:3-writeback", "writeback", null);
        classed("kworker/R-writeback", "writeback", null);
        classed("kworker/0:1H-kblockd", "writeback", null);
        classed("kworker/1:2+events", "writeback", null);
        classed("kworker/u9:0", "writeback", null);
        classed("kworker/R-dio/vda", "writeback", null);
        classed("writeback", "writeback", null);
        classed("flush-8:0", "writeback", null);
    }

    @Test
    void theFilesystemsOwnThreads() {
        classed("jbd2/loop3-8", "ext4", "loop3");
        classed("jbd2/dm-0-8", "ext4", "dm-0");
        classed("ext4lazyinit", "ext4", null);
        classed("kworker/u8:2-ext4-rsv-conversion", "ext4", null);
        classed("kworker/R-ext4-rsv-conversion", "ext4", null);
        classed("xfsaild/loop3", "xfs", "loop3");
        classed("kworker/u8:1+xfs-cil/loop3", "xfs", "loop3");
        classed("kworker/R-xfs-buf/loop3", "xfs", "loop3");
        classed("kworker/R-xfsalloc", "xfs", null);
        classed("kworker/R-xfs_mru_cache", "xfs", null);
        classed("btrfs-transaction", "btrfs", null);
        classed("btrfs-cleaner", "btrfs", null);
        classed("kworker/u8:3-btrfs-delalloc", "btrfs", null);
        classed("kworker/u8:0+btrfs-endio-write", "btrfs", null);
        classed("z_wr_iss", "zfs", null);
        classed("txg_sync", "zfs", null);
        classed("spl_dynamic_tas", "zfs", null);
    }

    @Test
    void loopWorkersReclaimAndTheRest() {
        classed("loop0", "loop", "loop0");
        classed("kworker/u8:5-loop3", "loop", "loop3");
        classed("kworker/u8:5+loop12", "loop", "loop12");
        classed("kswapd0", "reclaim", null);
        classed("kcompactd0", "reclaim", null);
        classed("kworker/R-kvfree_rcu_reclaim", "writeback", null);
        classed("ksoftirqd/1", "other", null);
        classed("rcu_preempt", "other", null);
        classed("kthreadd", "other", null);
        classed("loopback", "other", null);
    }
}
