package org.fsflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No package of engine/src/main imports from a package above it. The layers, lowest first (a
 * package may use its own layer and those below):
 *
 * <pre>
 * safety                           files and directories opened without following links
 * lang                             reading YAML with its marks: locations, diagnostics and their
 *                                  printing, problems, hints, sizes and durations
 * scenario                         the language: model, reading, validation, the tables of facts
 * plan                             the execution graph and where a run puts things (Layout)
 * device, measure, result          devices and drivers; /proc readers; measurements and the journal
 * place                            where cells run (CellPlace), what a place observed for a step
 *                                  (StepOutcome, Where), what it set up and releases (Teardown)
 * vm                               kernels, initramfs and QEMU guests for cells under another kernel
 * dataset, parse, crash            dataset generator (manifests as JSON); tool output parsers; crash
 *                                  points replayed and their rows
 * machine                          the machine measured: its backing disk, baselines, tool versions,
 *                                  the packages setup installs
 * aging                            aged filesystems, made once and kept as images
 * host                             the host place: a cell's steps run and measured on this machine
 * run                              the walker and what it needs to run a plan
 * summary, chart, report,          statistics, the charts and rendering; foreign results into a
 * importer, doctor                 journal; what a run needs and what it will cost
 * compare, hosts, history          runs against a baseline; a campaign fanned out over hosts; runs as
 *                                  series with their change points
 * org.fsflow (root)                the pipeline: Fsflow composes the stages
 * cli                              the commands, each a prefix of the pipeline
 * </pre>
 */
class LayersTest {

    static final List<List<String>> LAYERS = List.of(
            List.of("safety"),
            List.of("lang"),
            List.of("scenario"),
            List.of("plan"),
            List.of("device", "measure", "result"),
            List.of("place"),
            List.of("vm"),
            List.of("dataset", "parse", "crash"),
            List.of("machine"),
            List.of("aging"),
            List.of("host"),
            List.of("run"),
            List.of("summary", "chart", "report", "importer", "doctor"),
            List.of("compare", "hosts", "history"),
            List.of(""),
            List.of("cli"));

    private static final Pattern PACKAGE = Pattern.compile("^package org\\.fsflow(?:\\.([a-z]+))?;", Pattern.MULTILINE);
    // a reference to another package: org.fsflow.pkg.Type, or org.fsflow.Type for the root
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.fsflow\\.(?:([a-z]+)\\.)?[A-Z]");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    static int layer(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(pkg)) {
                return i;
            }
        }
        return -1;
    }

    /** Upward references of one source text, as "from -> to". */
    static List<String> upward(String source) {
        Matcher p = PACKAGE.matcher(source);
        assertTrue(p.find(), "no package line");
        String from = p.group(1) == null ? "" : p.group(1);
        List<String> out = new ArrayList<>();
        Matcher m = REFERENCE.matcher(COMMENT.matcher(source).replaceAll(" "));
        while (m.find()) {
            String to = m.group(1) == null ? "" : m.group(1);
            if (layer(to) > layer(from)) {
                out.add((from.isEmpty() ? "root" : from) + " -> " + (to.isEmpty() ? "root" : to));
            }
        }
        return out;
    }

    @Test
    void noPackageImportsFromAPackageAboveIt() throws IOException {
        Path main = TestPaths.root().resolve("engine/src/main/java/org/fsflow");
        TreeSet<String> problems = new TreeSet<>();
        TreeSet<String> unknown = new TreeSet<>();
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                Matcher p = PACKAGE.matcher(text);
                if (p.find() && layer(p.group(1) == null ? "" : p.group(1)) < 0) {
                    unknown.add(p.group(1));
                }
                upward(text).forEach(u -> problems.add(main.relativize(f) + ": " + u));
            }
        }
        assertEquals(new TreeSet<>(), unknown, "packages missing from LAYERS: place them in the order");
        assertEquals(new TreeSet<>(), problems, "imports from a higher layer");
    }

    @Test
    void theCheckSeesImportsAndQualifiedNamesButNotComments() {
        String source = String.join(
                "\n",
                "package org.fsflow.scenario;",
                "import org.fsflow.plan.Planner;",
                "/** see {@link org.fsflow.run.Runner} */",
                "class X { Object y = org.fsflow.Fsflow.class; // org.fsflow.cli.Main",
                "}");
        assertEquals(List.of("scenario -> plan", "scenario -> root"), upward(source));
        assertEquals(List.of(), upward("package org.fsflow.cli;\nimport org.fsflow.run.Runner;\n"));
        assertEquals(List.of("root -> cli"), upward("package org.fsflow;\nimport org.fsflow.cli.Main;\n"));
    }

    @Test
    void everyPackageSaysWhatItOwns() throws IOException {
        Path main = TestPaths.root().resolve("engine/src/main/java/org/fsflow");
        List<String> without = new ArrayList<>();
        for (List<String> layer : LAYERS) {
            for (String pkg : layer) {
                Path info = (pkg.isEmpty() ? main : main.resolve(pkg)).resolve("package-info.java");
                if (!Files.exists(info) || !Files.readString(info).strip().startsWith("/**")) {
                    without.add(pkg.isEmpty() ? "org.fsflow" : pkg);
                }
            }
        }
        assertEquals(List.of(), without, "packages without a package-info whose javadoc says what they own");
    }
}
