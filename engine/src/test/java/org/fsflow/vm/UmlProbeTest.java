package org.fsflow.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user-mode Linux probe's judgement on what a boot printed, and what a run that asked for
 * user-mode Linux is told once the probe has failed: QEMU, with the cause.
 */
class UmlProbeTest {

    @TempDir
    Path cache;

    // what Debian's linux.uml 6.1 printed on a host with AVX-512 state before it died (issue 41)
    private static final List<String> DIED = List.of(
            "Checking that ptrace can change system call numbers...OK",
            "userspace - ptrace set fp regs failed, errno = 14",
            "Kernel panic - not syncing: Attempted to kill init! exitcode=0x0000000b",
            "Aborted");

    @Test
    void aGuestThatLosesItsFirstProcessDoesNotRunAndItsOwnWordsAreTheCause() {
        UmlProbe.Verdict v = UmlProbe.judge(false, new Qemu.Exit(134, false, 0.4), DIED);
        assertFalse(v.runs());
        assertEquals(
                "userspace - ptrace set fp regs failed, errno = 14; Kernel panic - not syncing: Attempted to kill"
                        + " init! exitcode=0x0000000b (exit 134)",
                v.cause());
    }

    @Test
    void aGuestThatReachedItsEndMarkerRuns() {
        UmlProbe.Verdict v = UmlProbe.judge(true, new Qemu.Exit(0, false, 2.6), DIED);
        assertTrue(v.runs());
        assertNull(v.cause());
    }

    @Test
    void aSilentOrHungGuestSaysSo() {
        assertEquals(
                "nothing on its console (no end within 60 s)",
                UmlProbe.judge(false, new Qemu.Exit(-1, true, 60), List.of()).cause());
        assertEquals(
                "Aborted (exit 134)",
                UmlProbe.judge(false, new Qemu.Exit(134, false, 1), List.of("", "Aborted", ""))
                        .cause());
    }

    @Test
    void aFailedProbeSinceThisBootSendsTheGuestsToQemuAndSaysWhy() throws IOException {
        Files.writeString(UmlProbe.file(cache, UML), "fails\tptrace set fp regs failed (exit 134)\n");
        UmlProbe.Verdict probe = UmlProbe.cached(cache, UML);
        assertFalse(probe.runs());
        Accelerators.Verdict v = Accelerators.known(cache, Accel.UML, probe);
        assertTrue(v.accel() != Accel.UML, v.toString());
        assertTrue(
                v.basis()
                        .startsWith("FSFLOW_VM_ACCEL=uml, but user-mode Linux cannot run on this host (its probe:"
                                + " ptrace set fp regs failed (exit 134)): the guests run under QEMU instead; "),
                v.basis());
    }

    @Test
    void userModeLinuxIsKeptWhereItsProbeBootedOrHasNotRunYet() throws IOException {
        assertNull(UmlProbe.cached(cache, UML));
        Accelerators.Verdict before = Accelerators.known(cache, Accel.UML, null);
        assertEquals(Accel.UML, before.accel());
        assertTrue(before.basis().contains("not probed yet"), before.basis());
        Files.writeString(UmlProbe.file(cache, UML), "runs\n");
        assertTrue(UmlProbe.cached(cache, UML).runs());
        assertEquals(
                Accel.UML,
                Accelerators.known(cache, Accel.UML, UmlProbe.cached(cache, UML))
                        .accel());
    }

    @Test
    void eachUserModeKernelHasItsOwnVerdict() throws IOException {
        Files.writeString(UmlProbe.file(cache, UML), "runs\n");
        BootKernel other =
                new BootKernel("uml", Path.of("/x/linux"), Path.of("/x"), "6.1.0", "6.1.0", "b".repeat(64), "t");
        assertNull(UmlProbe.cached(cache, other));
    }

    private static final BootKernel UML = new BootKernel(
            "uml",
            Path.of("/usr/bin/linux.uml"),
            Path.of("/usr/lib/uml/modules/6.1.0"),
            "6.1.0",
            "6.1um4",
            "a".repeat(64),
            "test");
}
