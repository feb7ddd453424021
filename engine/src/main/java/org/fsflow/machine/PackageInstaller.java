package org.fsflow.machine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsflow.device.Capabilities;
import org.fsflow.device.Packages;
import org.fsflow.place.Commands;

/**
 * Installs the Debian packages that are missing, with apt-get as root; elsewhere it says what it
 * would run and fails. Nothing missing: no apt-get call at all.
 */
public final class PackageInstaller {

    /** What the installer asks of the host; a fake one makes tests deterministic. */
    public interface Host {
        /** The subset of {@code packages} that dpkg lists as installed. */
        Set<String> installed(List<String> packages);

        /** True when apt-get can be used here: root, with apt-get on PATH. */
        boolean canInstall();

        /** Runs {@code argv} with fsflow's terminal, so apt-get speaks for itself; returns its exit code. */
        int run(List<String> argv);
    }

    /** What an installation did. */
    public enum Outcome {
        NOTHING_TO_DO,
        INSTALLED,
        CANNOT_INSTALL,
        REFUSED
    }

    private final Host host;
    private final PrintWriter out;

    /** An installer that acts on {@code host} and prints to {@code out}. */
    public PackageInstaller(Host host, PrintWriter out) {
        this.host = host;
        this.out = out;
    }

    /** Installs what of {@code needs} is missing, printing each package and why. */
    public Outcome install(List<Packages.Need> needs) {
        Set<String> installed = host.installed(Packages.names(needs));
        List<Packages.Need> missing =
                needs.stream().filter(n -> !installed.contains(n.name())).toList();
        if (missing.isEmpty()) {
            out.println("nothing to install: the " + needs.size() + " packages needed are installed");
            return Outcome.NOTHING_TO_DO;
        }
        List<String> names = Packages.names(missing);
        List<String> install = new ArrayList<>(List.of("apt-get", "install", "-y", "-q", "--no-install-recommends"));
        install.addAll(names);
        if (!host.canInstall()) {
            out.println("fsflow setup installs with apt-get as root on Debian; it cannot here. It would run:");
            out.println("  apt-get update -q && " + String.join(" ", install));
            missing.forEach(n -> out.println("    " + n.name() + ": " + n.why()));
            return Outcome.CANNOT_INSTALL;
        }
        out.println("installing " + names.size() + (names.size() == 1 ? " package:" : " packages:"));
        missing.forEach(n -> out.println("  " + n.name() + ": " + n.why()));
        out.flush();
        if (host.run(List.of("apt-get", "update", "-q")) != 0 || host.run(install) != 0) {
            return Outcome.REFUSED;
        }
        return Outcome.INSTALLED;
    }

    /** This machine: dpkg-query, apt-get, fsflow's own terminal. */
    public static Host system() {
        return new Host() {
            @Override
            public Set<String> installed(List<String> packages) {
                return dpkgInstalled(packages);
            }

            @Override
            public boolean canInstall() {
                return Capabilities.isRoot()
                        && Capabilities.which("apt-get") != null
                        && Capabilities.which("dpkg-query") != null;
            }

            @Override
            public int run(List<String> argv) {
                ProcessBuilder pb = new ProcessBuilder(argv).inheritIO();
                pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
                try {
                    return pb.start().waitFor();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot start " + argv.get(0), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 130;
                }
            }
        };
    }

    private static Set<String> dpkgInstalled(List<String> packages) {
        Set<String> installed = new HashSet<>();
        if (Capabilities.which("dpkg-query") == null || packages.isEmpty()) {
            return installed;
        }
        List<String> argv = new ArrayList<>(List.of("dpkg-query", "-W", "-f=${Package} ${db:Status-Status}\\n"));
        argv.addAll(packages);
        // exit 1 for packages dpkg never heard of: those are simply not installed
        for (String line :
                Commands.run(argv, java.time.Duration.ofSeconds(60)).out().split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 2 && f[1].equals("installed")) {
                installed.add(f[0].replaceFirst(":.*", ""));
            }
        }
        return installed;
    }
}
