package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.fsflow.TestPaths;
import org.fsflow.parse.Parsers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The one-table-per-fact rule: the JSON Schema and the language reference (docs/scenarios.md) say
 * what the engine's tables say
 * (built-in filesystems, parsers, actions, variables).
 */
class TablesTest {

    private static JsonNode schema;
    private static String readme;

    @BeforeAll
    static void read() throws IOException {
        schema = new ObjectMapper()
                .readTree(
                        TestPaths.root().resolve("schema/scenario.schema.json").toFile());
        readme = Files.readString(TestPaths.root().resolve("docs/scenarios.md"));
    }

    private static List<String> strings(JsonNode array) {
        assertNotNull(array);
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void builtInFilesystemsAreTheSchemasEnumAndTheReadmesList() {
        assertEquals(FilesystemType.NAMES, strings(schema.at("/$defs/filesystem/properties/type/enum")));
        assertTrue(readme.contains("built-in drivers: " + String.join(" ", FilesystemType.NAMES)), readme);
        for (FilesystemType t : FilesystemType.ALL) {
            assertEquals(t.type().equals("tmpfs"), t.mkfsProgram() == null, t.toString());
            assertEquals(t.mkfsProgram() == null, t.packageName() == null, t.toString());
        }
    }

    @Test
    void parsersAreTheSchemasEnumTheReadmesListAndEachHasAnImplementation() {
        assertEquals(ParserName.STEP_NAMES, strings(schema.at("/$defs/step/oneOf/1/properties/parse/oneOf/0/enum")));
        assertEquals(ParserName.STEP_NAMES, strings(schema.at("/$defs/customParse/properties/tool/enum")));
        assertTrue(
                readme.contains("parse: bonnie ") && readme.contains(String.join(" | ", ParserName.STEP_NAMES)),
                readme);
        for (ParserName p : ParserName.values()) {
            assertNotNull(Parsers.of(p.keyword()), p.keyword());
        }
    }

    @Test
    void actionsAreTheSchemasEnum() {
        assertEquals(Step.Action.keywords(), strings(schema.at("/$defs/action/enum")));
        List<String> shortForms = new ArrayList<>();
        schema.at("/$defs/step/oneOf/3/properties").fieldNames().forEachRemaining(shortForms::add);
        assertEquals(Step.Action.keywords(), shortForms);
    }

    @Test
    void everyVariableFamilyIsInTheReadme() {
        for (Variables.Family f : Variables.Family.values()) {
            assertTrue(readme.contains("`${" + f.prefix()), f + " is not in docs/scenarios.md");
        }
        assertTrue(readme.contains("`" + Variables.Family.DATASET.written() + "`"), readme);
        assertTrue(readme.contains("`" + Variables.Family.FILESYSTEM.written() + "`"), readme);
    }
}
