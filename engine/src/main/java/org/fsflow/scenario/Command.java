package org.fsflow.scenario;

import java.util.List;
import org.fsflow.lang.Location;

/**
 * A command of a step. A string ({@code run: cp -r a b}) goes through {@code sh -c}, so globs and
 * pipes work, and every substituted value is shell-quoted; a list ({@code run: [cp, -r, a, b]}) is
 * exec'd directly, one argument per item.
 *
 * @param shell true for the string form
 * @param parts the string (one part) or the list items, each a template
 * @param where where it is written
 */
public record Command(boolean shell, List<Template> parts, Location where) {

    /** A {@code sh -c} command from one template. */
    public static Command shell(Template text, Location where) {
        return new Command(true, List.of(text), where);
    }
}
