package org.fsflow.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.fsflow.lang.Location;
import org.fsflow.lang.Problems;

/**
 * A string with {@code ${...}} variables, parsed once. {@code $${} writes a literal {@code ${}.
 * Each variable keeps its own location, so an unknown one is reported at its exact column.
 *
 * @param text  the text as written
 * @param parts literal text and variables, in order
 */
public record Template(String text, List<Part> parts) {

    /** A piece of a template. */
    public sealed interface Part {}

    /** Text copied as is. */
    public record Literal(String text) implements Part {}

    /** {@code ${name}}: a variable such as {@code dataset.path}. */
    public record Variable(String name, Location where) implements Part {}

    /**
     * Parses {@code text}; {@code locate} maps a character offset in the text to a location
     * (exact for one-line plain or quoted scalars). Malformed references are recorded in
     * {@code problems}.
     */
    public static Template parse(String text, Function<Integer, Location> locate, Problems problems) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("$${", i)) {
                literal.append("${");
                i += 3;
            } else if (text.startsWith("${", i)) {
                int end = text.indexOf('}', i + 2);
                if (end < 0) {
                    problems.error(locate.apply(i), "unclosed '${': write ${name} or $${ for a literal ${");
                    literal.append(text, i, text.length());
                    break;
                }
                String name = text.substring(i + 2, end).trim();
                if (!name.matches("[A-Za-z_][A-Za-z0-9_-]*(\\.[A-Za-z_][A-Za-z0-9_-]*)*")) {
                    problems.error(
                            locate.apply(i),
                            "malformed variable '${" + text.substring(i + 2, end)
                                    + "}': names look like ${dataset.path} or ${params.size}");
                } else {
                    if (literal.length() > 0) {
                        parts.add(new Literal(literal.toString()));
                        literal.setLength(0);
                    }
                    parts.add(new Variable(name, locate.apply(i)));
                }
                i = end + 1;
            } else {
                literal.append(text.charAt(i));
                i++;
            }
        }
        if (literal.length() > 0) {
            parts.add(new Literal(literal.toString()));
        }
        return new Template(text, List.copyOf(parts));
    }

    /** A template of plain text (no variables). */
    public static Template literal(String text) {
        return new Template(text, text.isEmpty() ? List.of() : List.of(new Literal(text)));
    }

    /** The variables it uses. */
    public List<Variable> variables() {
        return parts.stream()
                .filter(Variable.class::isInstance)
                .map(Variable.class::cast)
                .toList();
    }

    /**
     * The text with each variable replaced by {@code value.apply(name)}; a null value leaves
     * {@code ${name}} in place (a value known only at run time, such as a loop device's node).
     */
    public String expand(Function<String, String> value) {
        StringBuilder out = new StringBuilder();
        for (Part p : parts) {
            if (p instanceof Literal l) {
                out.append(l.text());
            } else if (p instanceof Variable v) {
                String s = value.apply(v.name());
                out.append(s == null ? "${" + v.name() + "}" : s);
            }
        }
        return out.toString();
    }
}
