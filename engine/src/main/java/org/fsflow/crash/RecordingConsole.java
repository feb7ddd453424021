package org.fsflow.crash;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.vm.Qemu;

/**
 * The recording guest's console, line by line: the durability lines, the job's end, and, for a
 * recording followed by a recovery in its guest ({@link GuestLog.Then}), the host's answer once the
 * recording has ended (the images written, then {@code go N} on the guest's console) and the
 * recovery's lines.
 */
final class RecordingConsole {
    final CrashPhases.Guest guest;
    final Qemu qemu;
    final GuestLog.Then then;
    final java.util.function.Consumer<java.time.Instant> imagesFrom;
    final Durability durability = new Durability();
    final GuestRecovery.Lines recovered = new GuestRecovery.Lines();
    final List<String> tail = new ArrayList<>();
    String end;
    int asked = -1;
    String failed;

    RecordingConsole(
            CrashPhases.Guest guest,
            Qemu qemu,
            GuestLog.Then then,
            java.util.function.Consumer<java.time.Instant> imagesFrom) {
        this.guest = guest;
        this.qemu = qemu;
        this.then = then;
        this.imagesFrom = imagesFrom;
    }

    void line(String line) {
        guest.line(line);
        durability.line(line);
        recovered.take(line);
        if (line.contains("@@FSFLOW end ")) {
            end = line.substring(line.indexOf("@@FSFLOW end ") + 13).strip();
        }
        if (then != null && asked < 0 && line.contains(GuestLog.RECORDED)) {
            guest.ended();
            java.time.Instant from = java.time.Instant.now();
            try {
                asked = then.prepare().images();
                imagesFrom.accept(from);
            } catch (IOException | RuntimeException e) {
                failed = "the crash points' images could not be written: " + e.getMessage();
                asked = 0;
            }
            if (!qemu.send("go " + asked)) {
                qemu.kill();
            }
        }
        if (tail.size() == 20) {
            tail.remove(0);
        }
        tail.add(line);
    }

    // what went wrong, or null
    String problem(Qemu.Exit exit, java.time.Duration limit) {
        if (exit.killedAtLimit()) {
            return "the guest passed its limit of " + limit.toSeconds() + " s and was killed";
        }
        if (!"0".equals(end)) {
            return "the recording job failed (end " + end + "); last lines: " + String.join(" | ", tail);
        }
        if (failed != null) {
            return failed;
        }
        if (then != null && asked < 0) {
            return "the recording guest never said the recording had ended";
        }
        int got = recovered.outcomes.size();
        return then != null && got != asked
                ? "the recording guest recovered " + got + " of " + asked + " images; last line: " + recovered.last
                : null;
    }
}
