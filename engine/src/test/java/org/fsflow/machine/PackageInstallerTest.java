package org.fsflow.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fsflow.device.Packages;
import org.junit.jupiter.api.Test;

class PackageInstallerTest {

    private static final List<Packages.Need> NEEDS = List.of(
            new Packages.Need("xfsprogs", "filesystem xfs (mkfs.xfs)"), new Packages.Need("fio", "step io (fio)"));

    private final StringWriter out = new StringWriter();
    private final List<List<String>> ran = new ArrayList<>();

    private PackageInstaller installer(Set<String> installed, boolean canInstall, int installExit) {
        return new PackageInstaller(
                new PackageInstaller.Host() {
                    @Override
                    public Set<String> installed(List<String> packages) {
                        return installed;
                    }

                    @Override
                    public boolean canInstall() {
                        return canInstall;
                    }

                    @Override
                    public int run(List<String> argv) {
                        ran.add(argv);
                        return argv.get(1).equals("install") ? installExit : 0;
                    }
                },
                new PrintWriter(out, true));
    }

    @Test
    void nothingMissingMeansNoAptGetCall() {
        assertEquals(
                PackageInstaller.Outcome.NOTHING_TO_DO,
                installer(Set.of("xfsprogs", "fio"), true, 0).install(NEEDS));
        assertEquals(List.of(), ran);
        assertTrue(
                out.toString().startsWith("nothing to install: the 2 packages needed are installed"), out.toString());
    }

    @Test
    void onlyTheMissingPackagesAreInstalledEachWithWhy() {
        assertEquals(
                PackageInstaller.Outcome.INSTALLED,
                installer(Set.of("fio"), true, 0).install(NEEDS));
        assertEquals(
                List.of(
                        List.of("apt-get", "update", "-q"),
                        List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", "xfsprogs")),
                ran);
        assertTrue(
                out.toString().contains("installing 1 package:\n  xfsprogs: filesystem xfs (mkfs.xfs)"),
                out.toString());
    }

    @Test
    void whereAptGetCannotRunTheCommandIsPrintedAndNothingRuns() {
        assertEquals(
                PackageInstaller.Outcome.CANNOT_INSTALL,
                installer(Set.of(), false, 0).install(NEEDS));
        assertEquals(List.of(), ran);
        assertTrue(
                out.toString()
                        .contains("apt-get update -q && apt-get install -y -q --no-install-recommends xfsprogs fio"),
                out.toString());
    }

    @Test
    void aRefusedInstallIsReported() {
        assertEquals(
                PackageInstaller.Outcome.REFUSED, installer(Set.of(), true, 100).install(NEEDS));
    }
}
