package org.fsflow.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.fsflow.cli.Cli;
import org.fsflow.safety.Visible;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzz pass over what fsflow reads besides scenarios (issue 39, part 7): seeded mutations of a
 * run directory's results.jsonl and environment.json through {@code report}, {@code export} and
 * {@code compare} against the untouched run, and of imported tool outputs (fio's and hyperfine's JSON,
 * bonnie++'s CSV) through {@code import}. Each invocation must end within its limit with exit 0, 1 or 2,
 * print no stack trace or internal error and no raw control character, leave the untouched run's files
 * as they were, and write no raw control character into a report. Prints its case count and the
 * classes of outcomes.
 */
class RunDirectoryFuzzTest {

    private static final long SEED = 3939;
    private static final int CASES = 60;
    private static final Duration LIMIT = Duration.ofSeconds(30);

    // values a measurement's fields should never hold, and text that hides itself in a terminal
    private static final List<String> VALUES = List.of(
            "null",
            "-1",
            "0",
            "1e308",
            "-1e308",
            "NaN",
            "\"\"",
            "\"x\"",
            "\"\\u001b[2Jhidden\"",
            "\"a\\u202eb\\u009bc\"",
            "\"../../etc\"",
            "\"=HYPERLINK(\\\"x\\\")\"",
            "[]",
            "{}",
            "true",
            "99999999999999999999999");

    @TempDir
    Path dir;

    @Test
    void mutatedRunDirectoriesAndImportsNeverCrashClobberOrHideText() throws Exception {
        Path golden = TestPaths.resources("report/golden");
        Path intact = Files.createDirectories(dir.resolve("intact"));
        for (String f : List.of("results.jsonl", "environment.json")) {
            Files.copy(golden.resolve(f), intact.resolve(f));
        }
        Cli first = Cli.run("report", intact.toString());
        assertEquals(0, first.exitCode(), first.out() + first.err());
        String before = digest(intact);
        Random random = new Random(SEED);
        Map<String, Integer> outcomes = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        int invocations = 0;
        for (int n = 0; n < CASES; n++) {
            Path run = Files.createDirectories(dir.resolve("case-" + n));
            List<String> done = new ArrayList<>();
            List<String> rows = new ArrayList<>(Files.readAllLines(golden.resolve("results.jsonl")));
            String env = Files.readString(golden.resolve("environment.json"));
            for (int m = 1 + random.nextInt(3); m > 0; m--) {
                if (random.nextInt(4) == 0) {
                    env = mutateJson(env, random, done, "environment.json");
                } else {
                    done.add(mutateRows(rows, random));
                }
            }
            Files.write(run.resolve("results.jsonl"), rows);
            Files.writeString(run.resolve("environment.json"), env);
            String name = "case " + n + " (" + String.join("; ", done) + ")";
            for (String[] args : List.of(
                    new String[] {"report", run.toString()},
                    new String[] {"export", "bmf", run.toString()},
                    new String[] {"compare", intact.toString(), run.toString(), "--out", run + "-cmp"})) {
                invocations++;
                Cli c = assertTimeoutPreemptively(LIMIT, () -> Cli.run(args), name + ": " + args[0] + " hangs");
                outcomes.merge(args[0] + " exit " + c.exitCode(), 1, Integer::sum);
                String problem = FuzzTest.problem(c);
                problem = problem != null ? problem : rawIn(run.resolve("report.md"));
                if (problem != null) {
                    failures.add(name + ": " + args[0] + ": " + problem);
                }
            }
        }
        invocations += imports(random, outcomes, failures);
        System.out.println("fuzz: " + CASES + " mutated run directories and " + IMPORTS + " mutated imports, "
                + invocations + " invocations (seed " + SEED + ")");
        outcomes.forEach((k, v) -> System.out.println("fuzz:   " + v + " x " + k));
        assertEquals(before, digest(intact), "the untouched run's files changed");
        assertEquals(CASES * 3 + IMPORTS, invocations);
        assertTrue(
                failures.isEmpty(),
                failures.size() + " failures, the first:\n"
                        + String.join("\n", failures.stream().limit(5).toList()));
    }

    private static final int IMPORTS = 45;

    // imports of mutated tool outputs: fio's JSON, hyperfine's JSON, bonnie++'s CSV
    private int imports(Random random, Map<String, Integer> outcomes, List<String> failures) throws IOException {
        Path bonnie = TestPaths.root().resolve("scenarios/sources/003_a26474cb6c666977.txt");
        List<Object[]> tools = List.of(
                new Object[] {"fio", TestPaths.resources("import").resolve("fio-1.json")},
                new Object[] {"hyperfine", TestPaths.resources("import").resolve("hyperfine.json")},
                new Object[] {"bonnie", bonnie});
        int invocations = 0;
        for (int n = 0; n < IMPORTS; n++) {
            Object[] tool = tools.get(n % tools.size());
            Path source = (Path) tool[1];
            List<String> done = new ArrayList<>();
            String text = Files.readString(source, StandardCharsets.ISO_8859_1);
            text = tool[0].equals("bonnie")
                    ? mutateCsv(text, random, done)
                    : mutateJson(text, random, done, source.getFileName().toString());
            Path file = dir.resolve("import-" + n + "-" + source.getFileName());
            Files.writeString(file, text, StandardCharsets.ISO_8859_1);
            String name = "import " + n + " (" + tool[0] + ": " + String.join("; ", done) + ")";
            invocations++;
            Cli c = assertTimeoutPreemptively(
                    LIMIT,
                    () -> Cli.run(
                            "import",
                            (String) tool[0],
                            file.toString(),
                            "--out",
                            dir + "/imported-" + file.getFileName()),
                    name + " hangs");
            outcomes.merge("import " + tool[0] + " exit " + c.exitCode(), 1, Integer::sum);
            String problem = FuzzTest.problem(c);
            if (problem != null) {
                failures.add(name + ": " + problem);
            }
        }
        return invocations;
    }

    // one mutation of a results.jsonl: a field's value replaced, a field or line removed, a line cut or doubled
    private static String mutateRows(List<String> rows, Random r) {
        int i = r.nextInt(rows.size());
        String row = rows.get(i);
        switch (r.nextInt(5)) {
            case 0, 1 -> {
                List<int[]> fields = fields(row);
                int[] f = fields.get(r.nextInt(fields.size()));
                String value = VALUES.get(r.nextInt(VALUES.size()));
                rows.set(i, row.substring(0, f[0]) + value + row.substring(f[1]));
                return "row " + (i + 1) + " value " + Visible.line(value);
            }
            case 2 -> {
                rows.set(i, row.substring(0, r.nextInt(row.length())));
                return "row " + (i + 1) + " cut";
            }
            case 3 -> {
                rows.add(i, row);
                return "row " + (i + 1) + " twice";
            }
            default -> {
                rows.remove(i);
                return "row " + (i + 1) + " removed";
            }
        }
    }

    private static String mutateJson(String json, Random r, List<String> done, String what) {
        List<int[]> fields = fields(json);
        if (fields.isEmpty() || r.nextInt(6) == 0) {
            int cut = r.nextInt(json.length() + 1);
            done.add(what + " cut at " + cut);
            return json.substring(0, cut);
        }
        int[] f = fields.get(r.nextInt(fields.size()));
        String value = VALUES.get(r.nextInt(VALUES.size()));
        done.add(what + " value " + Visible.line(value));
        return json.substring(0, f[0]) + value + json.substring(f[1]);
    }

    // a bonnie++ CSV line's field replaced by a value, or a line cut
    private static String mutateCsv(String text, Random r, List<String> done) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        List<Integer> csv = new ArrayList<>();
        for (int k = 0; k < lines.size(); k++) {
            if (lines.get(k).chars().filter(ch -> ch == ',').count() > 20) {
                csv.add(k);
            }
        }
        int k = csv.get(r.nextInt(csv.size()));
        String[] cells = lines.get(k).split(",", -1);
        int c = r.nextInt(cells.length);
        String value = List.of("-5", "NaN", "1e308", "x", "", "\u001b[2J", "99999999999999999999")
                .get(r.nextInt(7));
        cells[c] = value;
        lines.set(k, r.nextInt(5) == 0 ? String.join(",", cells).substring(0, 10) : String.join(",", cells));
        done.add("line " + (k + 1) + " field " + (c + 1) + " " + Visible.line(value));
        return String.join("\n", lines);
    }

    // the [start, end) of every scalar value after a "key": in a JSON text (numbers, strings, literals)
    private static List<int[]> fields(String json) {
        List<int[]> out = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "\"[a-z_]+\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|-?[0-9][0-9.eE+-]*|true|false|null)")
                .matcher(json);
        while (m.find()) {
            out.add(new int[] {m.start(1), m.end(1)});
        }
        return out;
    }

    private static String rawIn(Path report) throws IOException {
        if (!Files.isRegularFile(report)) {
            return null;
        }
        String text = Files.readString(report).replace("\n", "").replace("\t", "");
        return Visible.hasHidden(text) ? "report.md holds a raw control character" : null;
    }

    private static String digest(Path run) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                md.update(run.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                md.update(Files.readAllBytes(f));
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
