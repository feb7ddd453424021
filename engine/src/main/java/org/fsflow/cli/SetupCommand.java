package org.fsflow.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.Fsflow;
import org.fsflow.device.Capabilities;
import org.fsflow.device.Packages;
import org.fsflow.machine.PackageInstaller;
import org.fsflow.plan.Plan;
import org.fsflow.scenario.Overrides;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fsflow setup [SCENARIO...] [--tests]}: installs what the launcher, the scenarios and the
 * tests need, with apt-get, then the shell completion. The launcher has already bootstrapped Java
 * and Maven (it cannot build this command without them).
 */
@Command(
        name = "setup",
        mixinStandardHelpOptions = true,
        description = {
            "Install, with apt-get as root on Debian, what the launcher, the named scenarios "
                    + "(their filesystems' tools, bonnie++, fio, zfs-fuse, what cells under another kernel need) "
                    + "and, with --tests, the test suite need; then the bash and zsh completion and the man pages (man fsflow). "
                    + "Elsewhere it prints what it would run and fails."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:everything needed is installed",
            "1:apt-get refused (its message is above), " + "or not root on Debian: the command to run is printed",
            "2:usage error"
        })
final class SetupCommand extends Subcommand {

    @Parameters(arity = "0..*", paramLabel = "SCENARIO", description = "Scenario files to prepare this machine for.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--tests", description = "Also what the test suite needs (mvn verify).")
    boolean tests;

    @Override
    public Integer call() {
        var out = out();
        List<Packages.Need> needs = needs();
        PackageInstaller.Outcome outcome = new PackageInstaller(PackageInstaller.system(), out).install(needs);
        out.flush();
        switch (outcome) {
            case CANNOT_INSTALL ->
                throw new UserError("not installed: run the command above as root", ExitCodes.FAILED);
            case REFUSED ->
                throw new UserError("apt-get did not install the packages (its message is above)", ExitCodes.FAILED);
            default -> {}
        }
        installCompletion(out);
        installManPages(out);
        return ExitCodes.OK;
    }

    /** The launcher's packages, each scenario's and the tests', once each. */
    List<Packages.Need> needs() {
        var err = err();
        List<Packages.Need> needs = new ArrayList<>(Packages.LAUNCHER);
        needs.add(new Packages.Need("bash-completion", "shell completion of fsflow's commands"));
        needs.addAll(Packages.MAN_PAGES);
        for (Path file : files) {
            var loaded = Scenarios.load(file, new Overrides(List.of(), 1), err);
            Plan plan = Fsflow.plan(loaded.scenario(), null, null);
            needs.addAll(Packages.forPlan(plan));
            for (String tool : Packages.unknownTools(plan)) {
                err.println("fsflow: warning: " + file + ": no package known for '" + tool
                        + "' (a lifecycle requires it): install it yourself");
            }
        }
        if (tests) {
            needs.addAll(Packages.forTests());
        }
        return Packages.merge(needs);
    }

    private void installManPages(java.io.PrintWriter out) {
        if (!Capabilities.isRoot()) {
            out.println("man pages: not installed (not root); docs/man/ holds them in AsciiDoc");
            return;
        }
        try {
            out.println(ManPages.install(ManPages.MAN1));
        } catch (IOException | java.io.UncheckedIOException e) {
            out.println("man pages: not installed (" + e.getMessage() + ")");
        }
    }

    private void installCompletion(java.io.PrintWriter out) {
        if (!Capabilities.isRoot()) {
            out.println("shell completion: not installed (not root); use: source <(fsflow completion bash)");
            return;
        }
        try {
            Completion.install(Completion.BASH_FILE, Completion.ZSH_FILE).forEach(out::println);
        } catch (IOException e) {
            out.println("shell completion: not installed (" + e.getMessage() + ")");
        }
    }
}
