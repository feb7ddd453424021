package org.fsflow.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.safety.InputFiles;

/**
 * A run directory's JSON file (environment.json) read whole: a regular file of at most
 * {@link InputFiles#RUN_FILE_BYTES}, and what is wrong with it said as {@code file:line:col:
 * error: ...} in fsflow's words ({@link JournalException}), never in the JSON parser's.
 */
public final class JsonFile {

    private JsonFile() {}

    /** The tree of {@code file}, an empty object when there is no such file. */
    public static JsonNode tree(Path file) {
        return Files.exists(file) ? read(file, JsonNode.class) : Json.MAPPER.createObjectNode();
    }

    /** The value of {@code file} bound to {@code type}. */
    public static <T> T read(Path file, Class<T> type) {
        try {
            return Json.MAPPER.readValue(InputFiles.read(file, InputFiles.RUN_FILE_BYTES), type);
        } catch (InputFiles.Refused e) {
            throw new JournalException("error: " + e.getMessage());
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null
                    ? ""
                    : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
            String what = e instanceof com.fasterxml.jackson.databind.JsonMappingException m
                            && !m.getPath().isEmpty()
                    ? "'" + path(m) + "' has a value of the wrong kind"
                    : RowErrors.reason(e);
            throw new JournalException(file + at + ": error: " + what + ". Repair the file, or restore the run's copy");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    // the fields and indexes leading to the value, as a reader writes them: campaign.devices.target.size_bytes
    private static String path(com.fasterxml.jackson.databind.JsonMappingException m) {
        StringBuilder b = new StringBuilder();
        for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.length() == 0 ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }
}
