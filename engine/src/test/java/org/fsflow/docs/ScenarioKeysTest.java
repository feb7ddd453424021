package org.fsflow.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.Test;

/**
 * docs/scenarios.md's key table is the schema's, rendered by {@link KeyTable}: this test fails when
 * the committed table and the rendered one differ. {@code mvn test -Dtest=ScenarioKeysTest
 * -Dfsflow.docs.write=true} writes the rendered table into the file instead.
 */
class ScenarioKeysTest {

    static final String BEGIN =
            "<!-- BEGIN keys: generated from schema/scenario.schema.json by ScenarioKeysTest; do not edit -->\n";
    static final String END = "<!-- END keys -->";

    @Test
    void theKeyTableIsTheSchemas() throws IOException {
        Path root = TestPaths.root();
        JsonNode schema = new ObjectMapper()
                .readTree(root.resolve("schema/scenario.schema.json").toFile());
        String table = KeyTable.render(schema);
        Path doc = root.resolve("docs/scenarios.md");
        String text = Files.readString(doc);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "docs/scenarios.md has no generated key table between its markers");
        String committed = text.substring(begin + BEGIN.length(), end);
        if (Boolean.getBoolean("fsflow.docs.write")) {
            Files.writeString(doc, text.substring(0, begin + BEGIN.length()) + table + text.substring(end));
            return;
        }
        assertEquals(
                table,
                committed,
                "docs/scenarios.md's key table differs from the schema's: rewrite it with -Dfsflow.docs.write=true");
    }

    @Test
    void everyTopLevelKeyIsInTheTableWithItsDefault() throws IOException {
        JsonNode schema = new ObjectMapper()
                .readTree(
                        TestPaths.root().resolve("schema/scenario.schema.json").toFile());
        String table = KeyTable.render(schema);
        schema.path("properties").fieldNames().forEachRemaining(k -> assertTrue(table.contains("| `" + k + "` |"), k));
        assertTrue(table.contains("| `repeat` | integer or mapping | `1` |"), table);
        assertTrue(table.contains("| `datasets.<name>.depth` | integer | `1` |"), table);
        assertTrue(table.contains("| `steps[].drop_caches` | boolean | `false` |"), table);
    }
}
