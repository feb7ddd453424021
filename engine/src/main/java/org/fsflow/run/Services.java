package org.fsflow.run;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fsflow.plan.Bindings;
import org.fsflow.scenario.Filesystem;

/**
 * The services of custom filesystem lifecycles (zfs-fuse ...): started once, the first time a cell
 * needs one, unless its check already passes; a service fsflow starts is stopped at teardown, one
 * it found running is left alone.
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

    Services(Teardown teardown, Consumer<String> info) {
        this.teardown = teardown;
        this.info = info;
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
            if (svc.stop() != null) {
                teardown.register(Resource.service(b.argv(svc.stop()), check, "the " + fs.name() + " service"));
            }
            Commands.Result start = Commands.run(b.argv(svc.start()), Duration.ofMinutes(1));
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

    /** True when {@code check} exits 0. */
    static boolean passes(List<String> check) {
        return Commands.run(check, CHECK_LIMIT).ok();
    }
}
