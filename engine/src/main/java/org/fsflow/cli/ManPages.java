package org.fsflow.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fsflow.device.Capabilities;

/**
 * The man pages, fsflow(1) and fsflow-COMMAND(1): picocli's ManPageGenerator writes them in
 * AsciiDoc from the command model that {@code --help} prints (docs/man/, kept equal to the model by
 * a test) and they ship in the jar; {@code fsflow setup} renders them to roff with Asciidoctor's
 * manpage backend (the Debian package {@code asciidoctor}) into {@link #MAN1}, which man-db always
 * searches.
 */
final class ManPages {

    /** Where {@code setup} installs the pages: on man-db's mandatory path (/etc/manpath.config). */
    static final Path MAN1 = Path.of("/usr/local/share/man/man1");

    private static final String IN_JAR = "/org/fsflow/cli/man/";
    private static final long RENDER_TIMEOUT_S = 120;

    private ManPages() {}

    /** Each page's name without its extension: fsflow, then fsflow-COMMAND for every command. */
    static List<String> names() {
        List<String> names = new ArrayList<>(List.of("fsflow"));
        Subcommands.TABLE.keySet().forEach(c -> names.add("fsflow-" + c));
        return names;
    }

    /**
     * Renders every page of the jar with {@code asciidoctor} into {@code man1}; returns the line
     * that says what was done. A page whose roff is unchanged is left alone (idempotent); every
     * page is rendered into a scratch directory first and moved into place whole.
     */
    static String install(Path man1) throws IOException {
        if (Capabilities.which("asciidoctor") == null) {
            return "man pages: not installed (no asciidoctor; apt-get install asciidoctor)";
        }
        Path scratch = Files.createTempDirectory("fsflow-man");
        try {
            List<String> argv = new ArrayList<>(List.of("asciidoctor", "-b", "manpage", "-D", scratch.toString()));
            for (String name : names()) {
                Path adoc = scratch.resolve(name + ".adoc");
                try (InputStream in = ManPages.class.getResourceAsStream(IN_JAR + name + ".adoc")) {
                    if (in == null) {
                        return "man pages: not installed (the jar holds no " + name + ".adoc: rebuild it)";
                    }
                    Files.copy(in, adoc);
                }
                argv.add(adoc.toString());
            }
            String failed = render(argv);
            if (failed != null) {
                return "man pages: not installed (" + failed + ")";
            }
            int changed = 0;
            Files.createDirectories(man1);
            for (String name : names()) {
                changed += place(scratch.resolve(name + ".1"), man1.resolve(name + ".1")) ? 1 : 0;
            }
            return "man pages: " + names().size() + " in " + man1
                    + (changed == 0 ? ", up to date" : ", " + changed + " written")
                    + " (man fsflow, man fsflow-run, ...)";
        } finally {
            deleteTree(scratch);
        }
    }

    // null when asciidoctor rendered every page, else what went wrong in a few words
    private static String render(List<String> argv) throws IOException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        try {
            String said =
                    new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            if (!p.waitFor(RENDER_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "asciidoctor took more than " + RENDER_TIMEOUT_S + " s";
            }
            if (p.exitValue() != 0 || !said.isEmpty()) {
                return "asciidoctor exited " + p.exitValue()
                        + (said.isEmpty() ? "" : ": " + org.fsflow.safety.Visible.line(firstLine(said)));
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return "interrupted";
        }
    }

    private static boolean place(Path rendered, Path target) throws IOException {
        if (!Files.isRegularFile(rendered)) {
            throw new UncheckedIOException(new IOException("asciidoctor wrote no " + rendered.getFileName()));
        }
        if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(rendered), Files.readAllBytes(target))) {
            return false;
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.copy(rendered, tmp, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
