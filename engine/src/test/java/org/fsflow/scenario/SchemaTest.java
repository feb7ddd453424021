package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fsflow.TestPaths;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * schema/scenario.schema.json and the engine agree: every shipped and valid scenario passes both;
 * every invalid-corpus case marked "yes" fails both.
 */
class SchemaTest {

    private static JsonSchema schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = Files.newInputStream(TestPaths.root().resolve("schema/scenario.schema.json"))) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(in);
        }
    }

    private static JsonNode json(Path yaml) throws IOException {
        Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(yaml));
        return new ObjectMapper().valueToTree(tree);
    }

    private static List<Path> validScenarios() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> shipped = Files.list(TestPaths.root().resolve("scenarios"));
                Stream<Path> valid = Files.list(TestPaths.resources("valid"))) {
            Stream.concat(shipped, valid)
                    .filter(p -> p.toString().endsWith(".yaml"))
                    .sorted()
                    .forEach(out::add);
        }
        return out;
    }

    @Test
    void everyShippedAndValidScenarioPassesTheSchemaAndTheEngine() throws Exception {
        List<Path> files = validScenarios();
        assertTrue(files.size() >= 4, files.toString());
        for (Path file : files) {
            Set<ValidationMessage> problems = schema.validate(json(file));
            assertTrue(problems.isEmpty(), file + ": " + problems);
            ScenarioLoader.load(file, Overrides.NONE);
        }
    }

    @Test
    void schemaRejectsTheInvalidCasesItCanExpress() throws Exception {
        int checked = 0;
        for (String line : Files.readAllLines(TestPaths.resources("invalid").resolve("expected.tsv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (!f[3].equals("yes")) {
                continue;
            }
            Set<ValidationMessage> problems =
                    schema.validate(json(TestPaths.resources("invalid").resolve(f[0])));
            assertFalse(problems.isEmpty(), f[0] + " is invalid for the engine but the schema accepts it");
            checked++;
        }
        assertTrue(checked >= 15, "checked " + checked);
    }
}
