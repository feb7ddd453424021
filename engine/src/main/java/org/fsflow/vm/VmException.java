package org.fsflow.vm;

/**
 * Why a cell cannot run in a VM, said to a user: what is wrong and how to fix it (a package to
 * fetch, a module the kernel lacks, a tool missing on the host). Never an internal error.
 */
public final class VmException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** A problem described by {@code message}, which includes the fix. */
    public VmException(String message) {
        super(message);
    }
}
