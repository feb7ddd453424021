package org.fsflow.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.fsflow.measure.ServiceCgroup;
import org.fsflow.place.Commands;
import org.fsflow.place.Poll;
import org.fsflow.place.Releaser;
import org.fsflow.place.Resource;
import org.fsflow.place.StepOutcome;
import org.fsflow.place.Teardown;
import org.fsflow.plan.Bindings;
import org.fsflow.plan.ResolvedStep;
import org.fsflow.scenario.Filesystem;

/**
 * The services of custom filesystem lifecycles (zfs-fuse ...): started once, the first time a cell
 * needs one, unless its check already passes; a service fsflow starts is stopped at teardown, one
 * it found running is left alone. The services fsflow starts run in the run's services cgroup
 * ({@link ServiceCgroup}, registered in state.json before the first one starts and removed after
 * the last one stops), so each step of their filesystems records the CPU they used during it.
 */
final class Services {

    /** How long a started service may take to pass its check. */
    static final Duration START_LIMIT = Duration.ofSeconds(30);
    /** How often the check is asked meanwhile. */
    static final Duration POLL = Duration.ofMillis(500);
    // one run of the check command; a check that hangs is a failed check
    private static final Duration CHECK_LIMIT = Duration.ofSeconds(30);

    private final Teardown teardown;
    private final Consumer<String> info;
    // filesystem name -> why its service is not available, or null when it runs
    private final Map<String, String> started = new HashMap<>();
    // the filesystems whose service fsflow started in the group
    private final Set<String> inGroup = new HashSet<>();
    private final Path groupDir;
    private ServiceCgroup group;

    /** Services whose group, when one is made, is {@code groupDir} (null: none is made). */
    Services(Teardown teardown, Consumer<String> info, Path groupDir) {
        this.teardown = teardown;
        this.info = info;
        this.groupDir = groupDir;
    }

    Services(Teardown teardown, Consumer<String> info) {
        this(
                teardown,
                info,
                ServiceCgroup.location(
                        ServiceCgroup.name(ProcessHandle.current().pid())));
    }

    /**
     * The CPU microseconds the services of {@code fs} have used so far, or -1 when they are not
     * measured (no service, one fsflow found running, no group).
     */
    long cpuMicros(Filesystem fs) {
        return fs != null && group != null && inGroup.contains(fs.name()) ? group.usageMicros() : -1;
    }

    /**
     * Makes sure the service of {@code fs} runs (bindings {@code b} resolve its commands); returns
     * why the cell cannot run when it does not come up, else null. Filesystems without a service
     * need nothing.
     */
    String ensure(Filesystem fs, Bindings b) {
        if (fs == null || fs.lifecycle() == null || fs.lifecycle().service() == null) {
            return null;
        }
        if (started.containsKey(fs.name())) {
            return started.get(fs.name());
        }
        Filesystem.Service svc = fs.lifecycle().service();
        List<String> check = b.argv(svc.check());
        String problem = null;
        if (!passes(check)) {
            info.accept("starting the " + fs.name() + " service: " + b.display(svc.start()));
            // the group first: released newest first, it is removed once the service has stopped
            List<String> startArgv = inGroup(fs, b.argv(svc.start()));
            if (svc.stop() != null) {
                teardown.register(Resource.service(b.argv(svc.stop()), check, "the " + fs.name() + " service"));
            }
            Commands.Result start = Commands.run(startArgv, Duration.ofMinutes(1));
            problem = !start.ok()
                    ? "its service did not start: " + start.message()
                    : Poll.until(() -> passes(check), START_LIMIT, POLL)
                            ? null
                            : "its service did not pass its check (" + String.join(" ", check) + ") within "
                                    + START_LIMIT.toSeconds() + " s of starting";
        }
        started.put(fs.name(), problem);
        return problem;
    }

    // argv made to start in the services' group, made (and registered for teardown) on first use
    private List<String> inGroup(Filesystem fs, List<String> argv) {
        if (group == null && groupDir != null) {
            teardown.register(Resource.cgroup(groupDir.toString()));
            group = ServiceCgroup.create(groupDir);
        }
        if (group == null) {
            return argv;
        }
        inGroup.add(fs.name());
        return group.entering(argv);
    }

    /** True when {@code check} exits 0. */
    static boolean passes(List<String> check) {
        return Commands.run(check, CHECK_LIMIT).ok();
    }

    /**
     * {@code m} with a reason starting "the ... service stopped during the step" when the service of
     * the step's filesystem (a zfs-fuse daemon) no longer passes its check: that is why it failed.
     */
    static StepOutcome gone(StepOutcome m, ResolvedStep step) {
        if (step.lifecycle() == null || step.lifecycle().serviceCheck() == null) {
            return m;
        }
        List<String> check = step.lifecycle().serviceCheck().argv();
        if (Services.passes(check)) {
            return m;
        }
        String gone = "the " + step.target().filesystem() + " service stopped during the step (its check '"
                + Releaser.byHand(check) + "' fails)";
        return m.failedBecause(gone + (m.reason() == null ? "" : "; " + m.reason()));
    }
}
