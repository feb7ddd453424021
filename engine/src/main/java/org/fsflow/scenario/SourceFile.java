package org.fsflow.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.fsflow.lang.ScenarioException;
import org.fsflow.lang.SourceText;
import org.fsflow.lang.YamlLoader;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * The {@code source:} section of a file on its own: a run directory's {@code scenario.yaml}, the
 * {@code source.yaml} that {@code --source} stores beside a run, or another scenario whose findings
 * a run is checked against. Only the section is read (and checked for shape); its references are
 * checked against the run by {@link FindingChecker}.
 */
public final class SourceFile {

    /** The file {@code --source} stores in a run directory, read by later reports in its place. */
    public static final String STORED = "source.yaml";

    private static final String FROM = "findings_from";

    private SourceFile() {}

    /**
     * A section and where it came from.
     *
     * @param section the section, null when the file has none
     * @param from    the file first holding it, as named ({@code findings_from: file} of a stored copy)
     * @param sha256  that file's digest
     * @param text    the stored form: {@code findings_from:} and the section's lines as written
     */
    public record Loaded(SourceSection section, String from, String sha256, String text) {}

    /** The {@code source:} section of {@code file} (shown as {@code shown}); every problem at once. */
    public static Loaded read(Path file, String shown) throws ScenarioException {
        Problems problems = new Problems();
        SourceText text = YamlLoader.read(file, shown, problems);
        if (text == null) {
            throw new ScenarioException(null, problems.all());
        }
        return read(text, problems);
    }

    /**
     * The section of {@code file} whose findings name only what {@code names} has: every problem
     * at once, located in {@code file}.
     */
    public static Loaded checked(Path file, FindingChecker.Names names) throws ScenarioException {
        Problems problems = new Problems();
        SourceText text = YamlLoader.read(file, file.toString(), problems);
        if (text == null) {
            throw new ScenarioException(null, problems.all());
        }
        Loaded loaded = read(text, problems);
        if (loaded.section() == null || loaded.section().findings().isEmpty()) {
            problems.error(
                    Location.of(file.toString(), 1, 1),
                    "no findings: the file has no 'source:' section with "
                            + "'findings:' (see the source section in docs/scenarios.md)");
        } else {
            FindingChecker.check(loaded.section().findings(), names, problems);
        }
        if (problems.hasErrors()) {
            throw new ScenarioException(text, problems.all());
        }
        return loaded;
    }

    /** The same, from text already read. */
    public static Loaded read(SourceText text) throws ScenarioException {
        return read(text, new Problems());
    }

    private static Loaded read(SourceText text, Problems problems) throws ScenarioException {
        Node root = YamlLoader.parse(text, problems);
        if (root == null || problems.hasErrors()) {
            throw new ScenarioException(text, problems.all());
        }
        Fields f = new Fields(text.path(), problems);
        Map<String, NodeTuple> top = f.entries(root, "the file", null);
        NodeTuple source = top == null ? null : top.get("source");
        SourceSection section = source == null ? null : new SourceReader(f, new Scalars(f)).read(source.getValueNode());
        String from = text.path();
        String sha256 = text.sha256();
        Node stored = top == null ? null : Fields.value(top, FROM);
        if (stored != null) {
            Map<String, NodeTuple> e = f.entries(stored, FROM, List.of("file", "sha256"));
            Node n;
            from = e == null || (n = Fields.value(e, "file")) == null ? from : f.text(n, FROM + " file");
            sha256 = e == null || (n = Fields.value(e, "sha256")) == null ? sha256 : f.text(n, FROM + " sha256");
        }
        if (problems.hasErrors()) {
            throw new ScenarioException(text, problems.all());
        }
        String copy = source == null ? null : storedText(text, source, from, sha256);
        return new Loaded(section, from, sha256, copy);
    }

    // findings_from: and the lines of source: as written, so that comments and layout are kept
    private static String storedText(SourceText text, NodeTuple source, String from, String sha256) {
        int first = source.getKeyNode().getStartMark().getLine();
        var end = source.getValueNode().getEndMark();
        int last = end.getColumn() == 0 ? end.getLine() : end.getLine() + 1;
        List<String> lines = text.text().lines().toList();
        StringBuilder out = new StringBuilder();
        out.append("# The source section a report of this run checks its findings against, stored by fsflow.\n");
        out.append(FROM)
                .append(": { file: ")
                .append(quoted(from))
                .append(", sha256: ")
                .append(sha256)
                .append(" }\n");
        for (int i = first; i < Math.min(last, lines.size()); i++) {
            out.append(lines.get(i)).append('\n');
        }
        return out.toString();
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
