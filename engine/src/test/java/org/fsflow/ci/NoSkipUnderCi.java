package org.fsflow.ci;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Under {@code CI=true} an assumption that fails (a package .ci/run should have installed, a
 * feature of the machine a test needs) fails its test instead of skipping it: CI runs every test
 * or says which could not run and why. Registered for every test class through
 * {@code META-INF/services} (JUnit's extension auto-detection, on in junit-platform.properties).
 */
public final class NoSkipUnderCi implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {

    /** True when this JVM runs under CI ({@code CI=true}, as .ci/run sets it). */
    static boolean underCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** {@code t} itself, unless it is a failed assumption under CI: then a failure that says so. */
    static Throwable judged(Throwable t) {
        if (underCi() && t instanceof TestAbortedException) {
            AssertionError e =
                    new AssertionError("an assumption failed under CI=true (CI skips nothing): " + t.getMessage());
            e.initCause(t);
            return e;
        }
        return t;
    }

    @Override
    public void handleTestExecutionException(ExtensionContext c, Throwable t) throws Throwable {
        throw judged(t);
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext c, Throwable t) throws Throwable {
        throw judged(t);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext c, Throwable t) throws Throwable {
        throw judged(t);
    }
}
