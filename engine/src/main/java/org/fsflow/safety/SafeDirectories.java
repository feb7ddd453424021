package org.fsflow.safety;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The directories fsflow works in as root (work directory, output directory, mount points, caches):
 * checked before anything is created, then created with mode 0700 without following a link.
 *
 * <p>A directory is safe when it and every directory above it is owned by root (or by the user
 * fsflow runs as) and writable by no one else; a sticky world-writable directory such as
 * {@code /tmp} or {@code /var/tmp} is accepted above it, never as the directory itself. Symbolic
 * links on the way are followed only when root made them, and their targets are checked the same
 * way (lstat semantics throughout). Once such a directory exists, nobody else can rename, replace
 * or add anything in it, so what fsflow checked stays true until the run ends.
 */
public final class SafeDirectories {

    private static final int MAX_LINKS = 40;

    private SafeDirectories() {}

    /** A directory that fsflow must not work in; the message names the path, owner, mode and the fix. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** Where a path leads: its real existing part, the names still to create below it, or the problem. */
    private record Walk(Path existing, List<String> missing, String problem) {}

    /**
     * Why {@code dir} is not a safe directory to work in (it may not exist yet: then the nearest
     * existing directory above it is checked), or null when it is safe. Nothing is created.
     */
    public static String problem(Path dir) {
        return walk(dir).problem();
    }

    /**
     * Refuses {@code dir} with one message naming the {@code role} ("the work directory"), the
     * offending path, its owner and mode, and {@code fix} ("choose another with --work").
     */
    public static void check(Path dir, String role, String fix) {
        String problem = problem(dir);
        if (problem != null) {
            throw refusal(dir, role, problem, fix);
        }
    }

    /**
     * Checks {@code dir} like {@link #check}, then creates what is missing of it, one level at a
     * time, with mode 0700; a directory that appears meanwhile (someone else's) is checked again.
     * Returns the directory.
     */
    public static Path create(Path dir, String role, String fix) {
        Walk w = walk(dir);
        if (w.problem() != null) {
            throw refusal(dir, role, w.problem(), fix);
        }
        Path p = w.existing();
        for (String name : w.missing()) {
            p = p.resolve(name);
            try {
                // mkdir never follows a link at its last component: EEXIST instead
                Files.createDirectory(
                        p, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (FileAlreadyExistsException e) {
                String problem = problem(p);
                if (problem != null) {
                    throw refusal(dir, role, problem, fix);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + p, e);
            }
        }
        return dir;
    }

    /** Refuses {@code path} unless it is a real directory (not a link), as a mount point must be. */
    public static void requireRealDirectory(Path path, String role) {
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new Refused("refusing " + role + " " + path + ": "
                    + (Files.isSymbolicLink(path) ? "it is a symbolic link" : "it is not a directory")
                    + "; fsflow mounts only on directories it checked");
        }
    }

    private static Refused refusal(Path dir, String role, String problem, String fix) {
        return new Refused("refusing " + role + " " + dir + ": " + problem
                + ". Another user could make fsflow, running as root, write or mount where they choose. "
                + fix);
    }

    private static Walk walk(Path dir) {
        Path abs = dir.toAbsolutePath();
        Deque<String> names = new ArrayDeque<>();
        for (Path name : abs) {
            names.add(name.toString());
        }
        Path cur = abs.getRoot();
        String problem = Owners.problem(cur, Owners.attributes(cur), false);
        int links = 0;
        while (problem == null && !names.isEmpty()) {
            String name = names.poll();
            if (name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                cur = cur.getParent() == null ? cur : cur.getParent();
                continue;
            }
            Path next = cur.resolve(name);
            Owners.Attributes a = Owners.attributes(next);
            if (a == null) {
                names.addFirst(name);
                return new Walk(cur, List.copyOf(names), null);
            }
            if (a.link()) {
                problem = Owners.problem(next, a, false);
                if (problem == null && ++links > MAX_LINKS) {
                    problem = next + " leads through more than " + MAX_LINKS + " symbolic links";
                }
                if (problem == null) {
                    Path target = readLink(next);
                    List<String> rest = new ArrayList<>();
                    target.forEach(t -> rest.add(t.toString()));
                    for (int i = rest.size() - 1; i >= 0; i--) {
                        names.addFirst(rest.get(i));
                    }
                    cur = target.isAbsolute() ? target.getRoot() : cur;
                }
                continue;
            }
            problem = a.directory() ? Owners.problem(next, a, names.isEmpty()) : next + " is not a directory";
            cur = next;
        }
        return new Walk(cur, List.of(), problem);
    }

    private static Path readLink(Path link) {
        try {
            return Files.readSymbolicLink(link);
        } catch (NoSuchFileException e) {
            return link;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the link " + link, e);
        }
    }
}
