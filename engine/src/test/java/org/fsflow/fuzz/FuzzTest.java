package org.fsflow.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.cli.Cli;
import org.fsflow.safety.Visible;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bounded fuzz pass over the file-only commands (issue 39, part 7): seeded mutations of the
 * project's own scenarios (scenarios/*.yaml) through {@code validate}, {@code plan} and {@code run
 * --dry-run}, in-process. Each invocation must end within its time limit with exit 0, 1 or 2,
 * print no stack trace, Java exception class or internal error, and show no control character
 * raw. The seed is fixed, so a failure names a case that fails again the same way; prints its
 * case count and the classes of outcomes.
 */
class FuzzTest {

    private static final long SEED = 39;
    private static final int CASES = 240;
    private static final Duration LIMIT = Duration.ofSeconds(20);

    // what a user must never see: a Java stack frame, a class name of the JDK or a library, an internal error
    private static final Pattern JAVA = Pattern.compile(
            "\\tat |\\b[A-Z][A-Za-z]*(Exception|Error)\\b|\\b(java|javax|jdk|sun|org\\.yaml|com\\.fasterxml|picocli|freemarker)"
                    + "\\.[a-z]|internal error");

    // values that broke or nearly broke something once: escapes, system paths, absurd numbers, YAML syntax
    private static final List<String> VALUES = List.of(
            "\"\\e[2K\\rdu -s /x\"",
            "\"a\\u202eb\\x9bc\"",
            "\"line\\nbreak\"",
            "/etc/shadow",
            "/",
            "/usr",
            "\"rm -rf /home/*\"",
            "\"find ${target.mnt}/.. -delete\"",
            "-1",
            "0",
            "1.5",
            "0B",
            "1e308",
            "9223372036854775807s",
            "99999999999999999999TB",
            "${nope}",
            "${params.}",
            "\"${target.mnt\"",
            "[",
            "{",
            "~",
            "!!binary aGVsbG8=",
            "&a x",
            "*a",
            "\"\\0\"",
            "''",
            "[a, [b, [c]]]",
            "{ loop: { size: 512MiB, image: /etc/passwd } }",
            "{ loop: { size: 512MiB }, mount: / }",
            "x".repeat(5000));

    // stands for a byte that is no UTF-8 (0xff) in the written file
    private static final String BAD_BYTE = "\ue000";

    // raw characters, inserted as they are: YAML refuses most, and its error must show them escaped
    private static final List<String> RAW =
            List.of("\u001b[2J", "\r", "\u009b", "\u202e", "\u0000", "\t", "\ufeff", BAD_BYTE);

    @TempDir
    Path dir;

    @Test
    void mutatedScenariosNeverCrashHangOrHideText() throws IOException {
        List<Path> scenarios;
        try (Stream<Path> s = Files.list(TestPaths.root().resolve("scenarios"))) {
            scenarios = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        Random random = new Random(SEED);
        Map<String, Integer> outcomes = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        int invocations = 0;
        for (int n = 0; n < CASES; n++) {
            Path source = scenarios.get(random.nextInt(scenarios.size()));
            List<String> lines = new ArrayList<>(Files.readAllLines(source));
            List<String> done = new ArrayList<>();
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                done.add(mutate(lines, random));
            }
            Path file = dir.resolve("case-" + n + ".yaml");
            Files.write(file, bytes(String.join("\n", lines) + "\n"));
            String name = "case " + n + " (" + source.getFileName() + ": " + String.join("; ", done) + ")";
            for (String[] args : List.of(
                    new String[] {"validate", file.toString()},
                    new String[] {"plan", file.toString(), "--out", dir + "/out", "--work", dir + "/work"},
                    new String[] {"run", file.toString(), "--dry-run", "--out", dir + "/out", "--work", dir + "/work"
                    })) {
                invocations++;
                Cli c = assertTimeoutPreemptively(LIMIT, () -> Cli.run(args), name + ": " + args[0] + " hangs");
                outcomes.merge(args[0] + " exit " + c.exitCode() + outcome(c), 1, Integer::sum);
                String problem = problem(c);
                if (problem != null) {
                    failures.add(name + ": " + args[0] + ": " + problem);
                }
            }
        }
        System.out.println(
                "fuzz: " + CASES + " mutated scenarios, " + invocations + " invocations (seed " + SEED + ")");
        outcomes.forEach((k, v) -> System.out.println("fuzz:   " + v + " x " + k));
        assertEquals(CASES * 3, invocations);
        assertTrue(
                failures.isEmpty(),
                failures.size() + " failures, the first:\n"
                        + String.join("\n", failures.stream().limit(5).toList()));
    }

    // the file's bytes: UTF-8, each BAD_BYTE a 0xff
    private static byte[] bytes(String text) {
        byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] bad = BAD_BYTE.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(utf8.length);
        for (int i = 0; i < utf8.length; i++) {
            if (i + bad.length <= utf8.length && java.util.Arrays.equals(utf8, i, i + bad.length, bad, 0, bad.length)) {
                out.write(0xff);
                i += bad.length - 1;
            } else {
                out.write(utf8[i]);
            }
        }
        return out.toByteArray();
    }

    /** What is wrong with what {@code c} printed and returned, or null. */
    static String problem(Cli c) {
        String all = c.out() + c.err();
        if (c.exitCode() < 0 || c.exitCode() > 2) {
            return "exit " + c.exitCode() + ":\n" + excerpt(all);
        }
        var java = JAVA.matcher(all);
        if (java.find()) {
            return "prints '" + java.group() + "':\n" + excerpt(all);
        }
        if (Visible.hasHidden(all.replace("\n", "").replace("\t", ""))) {
            return "prints a raw control character:\n" + excerpt(Visible.text(all));
        }
        return null;
    }

    // the class of an outcome beside its exit code: a located refusal, another message, or a plan
    private static String outcome(Cli c) {
        if (c.exitCode() == 0) {
            return "";
        }
        return c.err().matches("(?s).*:\\d+:\\d+: error: .*") ? " (located error)" : " (other error)";
    }

    private static String excerpt(String s) {
        return s.length() > 1500 ? s.substring(0, 1500) + "..." : s;
    }

    /** Applies one seeded mutation to {@code lines}; says which. */
    static String mutate(List<String> lines, Random r) {
        if (lines.isEmpty()) {
            lines.add("fsflow: 1");
        }
        int i = r.nextInt(lines.size());
        String line = lines.get(i);
        switch (r.nextInt(9)) {
            case 0 -> {
                int colon = line.indexOf(": ");
                String value = VALUES.get(r.nextInt(VALUES.size()));
                if (colon < 0) {
                    lines.set(i, line + " " + value);
                } else {
                    lines.set(i, line.substring(0, colon + 2) + value);
                }
                return "line " + (i + 1) + " value "
                        + Visible.line(value.length() > 40 ? value.substring(0, 40) : value);
            }
            case 1 -> {
                String raw = RAW.get(r.nextInt(RAW.size()));
                int at = r.nextInt(line.length() + 1);
                lines.set(i, line.substring(0, at) + raw + line.substring(at));
                return "line " + (i + 1) + " col " + (at + 1) + " raw " + Visible.line(raw);
            }
            case 2 -> {
                lines.remove(i);
                return "line " + (i + 1) + " removed";
            }
            case 3 -> {
                lines.add(i, line);
                return "line " + (i + 1) + " twice";
            }
            case 4 -> {
                int j = r.nextInt(lines.size());
                lines.set(i, lines.get(j));
                lines.set(j, line);
                return "lines " + (i + 1) + " and " + (j + 1) + " swapped";
            }
            case 5 -> {
                lines.set(i, (r.nextBoolean() ? "  " : "") + line.stripLeading());
                return "line " + (i + 1) + " indented";
            }
            case 6, 7 -> {
                // a command that hides another from a terminal, in a scenario that otherwise stays valid
                List<Integer> runs = new ArrayList<>();
                for (int k = 0; k < lines.size(); k++) {
                    if (lines.get(k).matches("\\s+(- )?run: [^|>].*")) {
                        runs.add(k);
                    }
                }
                if (runs.isEmpty()) {
                    return "no run: line";
                }
                int k = runs.get(r.nextInt(runs.size()));
                String hide =
                        List.of("\\e[2K\\r", "\\u202e", "\\x9b2J", "\\b\\b\\b").get(r.nextInt(4));
                lines.set(
                        k,
                        lines.get(k).substring(0, lines.get(k).indexOf("run: ") + 5) + "\"touch x; " + hide
                                + "du -s ${target.mnt}\"");
                return "line " + (k + 1) + " run: hides with " + hide;
            }
            default -> {
                lines.subList(i, lines.size()).clear();
                return "cut at line " + (i + 1);
            }
        }
    }
}
