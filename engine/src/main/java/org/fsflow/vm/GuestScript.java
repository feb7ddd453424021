package org.fsflow.vm;

/**
 * The guest's {@code /init} (mounts /proc, /sys, /dev, inserts the modules in order, runs the job
 * handed over through fw_cfg, or appended to the initramfs under user-mode Linux, powers off). A job of measured steps ({@link GuestJob}, data) is run
 * by the guest agent shipped in the initramfs ({@link GuestAgent}); any other job (a crash cell's)
 * is a shell script, run as it is.
 */
public final class GuestScript {

    /** The fw_cfg name the job travels under. */
    public static final String JOB_NAME = "opt/fsflow/job";
    /** Where a guest without fw_cfg (user-mode Linux: {@link Uml}) finds its job: an archive appended to the initramfs. */
    static final String UML_JOB = "/fsflow-job";
    /** The guest's PATH: host tools at their host paths first, busybox applets last. */
    static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/bb";

    private GuestScript() {}

    /** The {@code /init} of every initramfs. */
    public static String init() {
        return """
                #!/bb/busybox sh
                /bb/busybox mkdir -p /proc /sys /dev /tmp /run /mnt
                /bb/busybox mount -t proc proc /proc
                /bb/busybox --install -s /bb
                export PATH=%s
                mount -t sysfs sysfs /sys
                mount -t devtmpfs devtmpfs /dev
                mount -t tmpfs tmpfs /tmp
                for m in $(cat /etc/fsflow-modules); do
                  insmod "$m" 2>/tmp/insmod.err || echo "@@FSFLOW module-failed $m $(tail -n 1 /tmp/insmod.err)"
                done
                echo "@@FSFLOW ready $(cut -d' ' -f1 /proc/uptime)"
                job=/sys/firmware/qemu_fw_cfg/by_name/%s/raw
                [ -r "$job" ] || job=%s
                if [ -r "$job" ]; then
                  cp "$job" /tmp/job
                  if [ "$(head -n 1 /tmp/job)" = "%s" ]; then sh %s /tmp/job; else sh /tmp/job; fi
                  echo "@@FSFLOW end $?"
                else
                  echo "@@FSFLOW setup-failed no job in fw_cfg nor in the initramfs"
                  echo "@@FSFLOW end 1"
                fi
                sync
                poweroff -f
                """.formatted(PATH, JOB_NAME, UML_JOB, GuestJob.HEADER, GuestAgent.PATH);
    }
}
