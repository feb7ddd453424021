package org.fsflow.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;
import org.junit.jupiter.api.Test;

class TemplateTest {

    private static Location at(int offset) {
        return Location.of("f.yaml", 3, 10 + offset);
    }

    @Test
    void variablesAreLocatedAtTheirColumn() {
        Problems p = new Problems();
        Template t = Template.parse("cp -r ${dataset.path} ${target.mnt}/x", TemplateTest::at, p);
        assertEquals(
                List.of("dataset.path", "target.mnt"),
                t.variables().stream().map(Template.Variable::name).toList());
        assertEquals(16, t.variables().get(0).where().column());
        assertEquals(32, t.variables().get(1).where().column());
        assertTrue(!p.hasErrors());
    }

    @Test
    void expandsAndKeepsUnknownRuntimeValues() {
        Template t = Template.parse("mkfs ${target.dev} $${literal} ${a}", TemplateTest::at, new Problems());
        Map<String, String> values = Map.of("a", "A");
        assertEquals("mkfs ${target.dev} ${literal} A", t.expand(values::get));
    }

    @Test
    void malformedReferencesAreErrors() {
        Problems p = new Problems();
        Template.parse("echo ${unclosed", TemplateTest::at, p);
        Template.parse("echo ${a b}", TemplateTest::at, p);
        assertEquals(2, p.errors().size());
        assertTrue(p.errors().get(0).message().contains("unclosed"), p.errors().toString());
    }
}
