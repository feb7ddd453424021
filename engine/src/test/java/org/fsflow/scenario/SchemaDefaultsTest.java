package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.fsflow.TestPaths;
import org.fsflow.lang.SourceText;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The schema's {@code default}s are the engine's: for every key with one, a scenario that leaves the
 * key out reads the same as one that writes the schema's default, and equals the constant the
 * engine keeps it in (Defaults, or the reader's own table). Every {@code default} of the schema is
 * checked here, so a new one needs its case.
 */
class SchemaDefaultsTest {

    // every placeholder is empty but the one a case fills; flow mappings take ", key: value"
    private static final String TEMPLATE = String.join(
            "\n",
            "fsflow: 1",
            "name: defaults",
            "source: { title: t @SOURCE@ }",
            "kernels:",
            "  debian-6.1: { debian: linux-image-6.1.0-57-amd64 }",
            "devices:",
            "  target: { loop: { size: 2GiB @LOOP@ } }",
            "  drive: { block: /dev/fsflow-no-such-drive, destroy: true, precondition: { @PRECONDITION@ } }",
            "filesystems:",
            "  ext4: {}",
            "  xfs: {}",
            "datasets:",
            "  small: { files: 2, size: 4KiB @DATASET@ }",
            "matrix:",
            "  dataset: [small]",
            "  filesystem: [ext4, xfs]",
            "  age: [fresh, aged]",
            "aging: { fullness: 60%, rounds: 1 @AGING@ }",
            "crash: { kernel: debian-6.1, filesystems: [ext4], workloads: { w: \"true\" } @CRASH@ }",
            "steps:",
            "  - mkfs",
            "  - mount",
            "  - name: copy",
            "    run: cp -r ${dataset.path} ${target.mnt}",
            "    @STEP@",
            "  - action: sync",
            "    @ACTION@",
            "  - sync: { name: sync2 @SHORT@ }",
            "  - umount",
            "@TOP@",
            "");
    private static final List<String> PLACES = List.of(
            "@SOURCE@",
            "@LOOP@",
            "@PRECONDITION@",
            "@DATASET@",
            "@AGING@",
            "@CRASH@",
            "@STEP@",
            "@ACTION@",
            "@SHORT@",
            "@TOP@");

    /** A key with a default: where the schema says it, how a scenario writes it, what the engine read, its constant. */
    record Case(String pointer, String place, String written, Function<Scenario, Object> read, Object constant) {}

    private static final int COPY = 2;
    private static final int ACTION = 3;
    private static final int SHORT = 4;

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        String top = "/properties/";
        c.add(new Case(
                top + "repeat",
                "@TOP@",
                "repeat: %s",
                SchemaDefaultsTest::repeat,
                List.of(Defaults.REPEAT, Defaults.REPEAT)));
        c.add(new Case(top + "order", "@TOP@", "order: %s", Scenario::order, Defaults.ORDER));
        c.add(new Case(top + "on_error", "@TOP@", "on_error: %s", Scenario::onError, Defaults.ON_ERROR));
        c.add(new Case(top + "warmup", "@TOP@", "warmup: %s", Scenario::warmup, null));
        c.add(new Case(
                top + "vm/properties/reuse", "@TOP@", "vm: { reuse: %s }", s -> s.vm().reuse(), Defaults.VM_REUSE));
        c.add(new Case(top + "baseline", "@TOP@", "baseline: %s", Scenario::baseline, Defaults.BASELINE));
        c.add(new Case(
                top + "quiet/properties/retake",
                "@TOP@",
                "quiet: { retake: %s }",
                s -> s.quiet().retake(),
                null));
        String crash = top + "crash/properties/";
        c.add(new Case(
                crash + "points", "@CRASH@", ", points: %s", s -> s.crash().points(), Crash.POINTS));
        c.add(new Case(
                crash + "target", "@CRASH@", ", target: %s", s -> s.crash().targetBytes(), Crash.TARGET_BYTES));
        c.add(new Case(crash + "log", "@CRASH@", ", log: %s", s -> s.crash().logBytes(), Crash.LOG_BYTES));
        String aging = top + "aging/properties/";
        c.add(new Case(aging + "mix", "@AGING@", ", mix: %s", s -> s.aging().mix(), AgingReader.DEFAULT_MIX));
        c.add(new Case(aging + "size", "@AGING@", ", size: %s", s -> s.aging().size(), AgingReader.DEFAULT_SIZE));
        c.add(new Case(aging + "dirs", "@AGING@", ", dirs: %s", s -> s.aging().dirs(), null));
        c.add(new Case(aging + "cpu", "@AGING@", ", cpu: %s", s -> s.aging().cpu(), null));
        c.add(new Case(
                aging + "device", "@AGING@", ", device: %s", s -> s.aging().device(), Scenario.TARGET));
        String defs = "/$defs/";
        c.add(new Case(
                defs + "source/properties/tolerance",
                "@SOURCE@",
                ", tolerance: %s",
                s -> s.sourceSection().tolerance(),
                SourceSection.DEFAULT_TOLERANCE));
        c.add(new Case(
                defs + "device/properties/loop/properties/direct_io",
                "@LOOP@",
                ", direct_io: %s",
                s -> ((Device.Loop) s.devices().get("target")).directIo(),
                null));
        String precondition = defs + "device/properties/precondition/oneOf/1/properties/";
        c.add(new Case(
                precondition + "rounds", "@PRECONDITION@", "rounds: %s", s -> drive(s).rounds(), Precondition.ROUNDS));
        c.add(new Case(precondition + "round", "@PRECONDITION@", "round: %s", s -> drive(s).round(), null));
        String dataset = defs + "dataset/properties/";
        c.add(new Case(dataset + "dirs", "@DATASET@", ", dirs: %s", s -> small(s).dirs(), Defaults.DATASET_DIRS));
        c.add(new Case(
                dataset + "depth", "@DATASET@", ", depth: %s", s -> (long) small(s).depth(), Defaults.DATASET_DEPTH));
        c.add(new Case(
                dataset + "content", "@DATASET@", ", content: %s", s -> small(s).content(), Defaults.DATASET_CONTENT));
        c.add(new Case(dataset + "archive", "@DATASET@", ", archive: %s", s -> small(s).archive(), null));
        c.add(new Case(
                dataset + "names/properties/dir",
                "@DATASET@",
                ", names: { dir: %s }",
                s -> small(s).dirName(),
                Defaults.DIR_NAME));
        c.add(new Case(
                dataset + "names/properties/file",
                "@DATASET@",
                ", names: { file: %s }",
                s -> small(s).fileName(),
                Defaults.FILE_NAME));
        stepCases(c, defs + "actionOptions/properties/", "@SHORT@", ", %s: %%s", SHORT, true);
        stepCases(c, defs + "step/oneOf/1/properties/", "@STEP@", "%s: %%s", COPY, false);
        stepCases(c, defs + "step/oneOf/2/properties/", "@ACTION@", "%s: %%s", ACTION, true);
        return c;
    }

    private static void stepCases(List<Case> c, String at, String place, String form, int step, boolean device) {
        if (device) {
            c.add(new Case(
                    at + "device",
                    place,
                    String.format(form, "device"),
                    s -> s.steps().get(step).device(),
                    Defaults.ACTION_DEVICE));
        }
        c.add(new Case(
                at + "drop_caches",
                place,
                String.format(form, "drop_caches"),
                s -> s.steps().get(step).dropCaches(),
                null));
        c.add(new Case(
                at + "remount",
                place,
                String.format(form, "remount"),
                s -> s.steps().get(step).remount(),
                null));
        c.add(new Case(
                at + "flush",
                place,
                String.format(form, "flush"),
                s -> s.steps().get(step).flush(),
                null));
    }

    private static List<Object> repeat(Scenario s) {
        assertEquals(0.0, s.repeat().targetCv(), "a count, not an adaptive range");
        return List.of(s.repeat().min(), s.repeat().max());
    }

    private static Precondition drive(Scenario s) {
        return ((Device.Block) s.devices().get("drive")).precondition();
    }

    private static Dataset small(Scenario s) {
        return s.datasets().get("small");
    }

    private static JsonNode schema;

    @BeforeAll
    static void read() throws IOException {
        schema = new ObjectMapper()
                .readTree(
                        TestPaths.root().resolve("schema/scenario.schema.json").toFile());
    }

    static Scenario load(String place, String text) throws Exception {
        String yaml = TEMPLATE;
        for (String p : PLACES) {
            yaml = yaml.replace(p, p.equals(place) ? text : "");
        }
        return ScenarioLoader.load(SourceText.of("defaults.yaml", yaml), Overrides.NONE)
                .scenario();
    }

    @Test
    void leavingAKeyOutIsWritingTheSchemasDefault() throws Exception {
        Scenario without = load(null, "");
        for (Case c : cases()) {
            JsonNode value = schema.at(c.pointer()).get("default");
            String written = String.format(c.written(), value.toString());
            Object read = c.read().apply(without);
            assertEquals(
                    read,
                    c.read().apply(load(c.place(), written)),
                    c.pointer() + ": '" + written + "' reads otherwise");
            if (c.constant() != null) {
                assertEquals(c.constant(), read, c.pointer() + ": the engine's constant");
            }
        }
    }

    @Test
    void everyDefaultOfTheSchemaHasItsCase() {
        TreeSet<String> inSchema = new TreeSet<>();
        collect(schema, "", inSchema);
        TreeSet<String> checked = new TreeSet<>();
        cases().forEach(c -> checked.add(c.pointer()));
        assertEquals(inSchema, checked);
    }

    static void collect(JsonNode node, String at, java.util.Set<String> out) {
        if (node.isObject()) {
            if (node.has("default")) {
                out.add(at);
            }
            for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) node::fields) {
                collect(e.getValue(), at + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), at + "/" + i, out);
            }
        }
    }
}
