package org.fsflow.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.fsflow.report.ReportWriter;
import org.fsflow.result.Json;
import org.fsflow.safety.AtomicFile;
import org.fsflow.safety.Output;
import org.fsflow.safety.StagingWriter;

/**
 * Writes a history: {@code report.html} (one self-contained page), {@code report.md} with its
 * {@code chart-sNNN.svg} beside it, and {@code history.json} (the {@link HistoryResult}, every
 * repetition included, non-finite numbers as null), each replaced atomically. Templates
 * {@code history.html.ftl} and {@code history.md.ftl}: auto-escaping, {@code Locale.ROOT}, same
 * inputs same bytes.
 */
public final class HistoryWriter {

    /** The history's data. */
    public static final String JSON = "history.json";

    private final ReportWriter templates;

    /** A writer using the built-in templates, or those of {@code templates} first when not null. */
    public HistoryWriter(Path templates) {
        this.templates = new ReportWriter(templates);
    }

    /**
     * Writes {@code h} into {@code out} (created if needed; refused when it holds another kind's
     * files), all or nothing ({@link StagingWriter}); returns the files written.
     */
    public List<Path> write(HistoryResult h, Comparator<String> order, Path out) {
        try (StagingWriter staging = StagingWriter.open(
                out, Output.HISTORY, "Choose another --out: a new directory, or one that holds an earlier history.")) {
            return staging.commit(writeInto(h, order, staging.dir()));
        }
    }

    private List<Path> writeInto(HistoryResult h, Comparator<String> order, Path out) {
        HistoryView view = HistoryView.of(h, order);
        Map<String, Object> model = Map.of("h", view);
        List<Path> written = new ArrayList<>();
        written.add(write(out.resolve(ReportWriter.HTML), templates.render("history.html.ftl", model)));
        written.add(write(out.resolve(ReportWriter.MARKDOWN), templates.render("history.md.ftl", model)));
        for (HistoryView.SeriesLine s : view.charted()) {
            written.add(write(out.resolve(s.chartFile()), s.chart()));
        }
        written.add(write(out.resolve(JSON), json(h)));
        return written;
    }

    /** {@code h} as JSON: snake_case, pretty, NaN and infinities as null. */
    static String json(HistoryResult h) {
        JsonNode tree = finite(Json.MAPPER.valueToTree(h));
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode finite(JsonNode n) {
        if (n.isObject()) {
            ObjectNode o = (ObjectNode) n;
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String k : names) {
                o.set(k, finite(o.get(k)));
            }
        } else if (n.isArray()) {
            ArrayNode a = (ArrayNode) n;
            for (int i = 0; i < a.size(); i++) {
                a.set(i, finite(a.get(i)));
            }
        } else if (n.isNumber() && !Double.isFinite(n.doubleValue())) {
            return Json.MAPPER.nullNode();
        }
        return n;
    }

    private static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFile.write(file, text.getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
