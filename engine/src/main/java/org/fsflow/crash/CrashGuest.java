package org.fsflow.crash;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.vm.Accelerators;
import org.fsflow.vm.BootKernel;
import org.fsflow.vm.GuestScript;
import org.fsflow.vm.GuestTools;
import org.fsflow.vm.Initramfs;
import org.fsflow.vm.KernelModules;
import org.fsflow.vm.Qemu;
import org.fsflow.vm.VmException;

/**
 * The guest both halves of a crash cell boot, the recording ({@link GuestLog}) and the recovery
 * ({@link GuestRecovery}): the kernel with the disk modules and the ones asked for, the host
 * programs the job calls that busybox does not have, one virtual CPU and 512 MiB.
 */
final class CrashGuest {

    private CrashGuest() {}

    /**
     * The QEMU configuration of a crash guest.
     *
     * @param what    what the guest is for, in the error naming a missing program
     * @param modules modules besides the disk ones
     * @param tools   host programs by name or by the first word of a command line
     */
    static Qemu.Config config(
            String name,
            BootKernel kernel,
            List<String> modules,
            List<String> tools,
            String what,
            Path job,
            List<Path> disks,
            Path work,
            Path cache,
            Duration limit) {
        List<String> wanted = new ArrayList<>(KernelModules.BASE);
        modules.stream().filter(m -> !wanted.contains(m)).forEach(wanted::add);
        List<Path> files = new KernelModules(kernel).inOrder(wanted);
        List<Path> programs = new ArrayList<>();
        for (String command : tools) {
            String t = command.strip().split("\\s+")[0];
            Path p = GuestTools.which(t);
            if (p == null) {
                throw new VmException(what + " needs '" + t + "' on the host, to copy into the guest");
            }
            programs.add(p);
        }
        Path initrd = new Initramfs(cache).build(kernel, files, programs, GuestScript.init());
        return new Qemu.Config(
                name,
                kernel,
                initrd,
                job,
                disks.stream().map(d -> new Qemu.Disk(d, false)).toList(),
                Accelerators.choose(cache, kernel, initrd),
                1,
                512,
                limit,
                work.resolve(name + ".pid"));
    }
}
