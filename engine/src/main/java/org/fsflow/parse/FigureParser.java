package org.fsflow.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import org.fsflow.result.Json;
import org.fsflow.scenario.CustomParse;

/**
 * A scenario's own figures ({@code parse:} as a mapping, {@link CustomParse}) from one command's
 * output: the first match of its {@code regex:} in stdout, else in stderr, gives the
 * {@code group:} figures; the output's JSON (from its first '{' or '[') gives the {@code json:}
 * ones. A figure not found, or found and not a number, makes the output unparseable: the step
 * fails with the reason, its raw log kept.
 */
public record FigureParser(CustomParse spec) implements OutputParser {

    @Override
    public Map<String, Object> parse(String stdout, String stderr) throws Unparseable {
        Map<String, Object> out = new LinkedHashMap<>();
        Matcher match = spec.regex() == null ? null : match(stdout, stderr);
        JsonNode json = null;
        for (CustomParse.Figure f : spec.metrics()) {
            if (f.group() != null) {
                out.put(f.name(), number(match.group(f.group()), f));
            } else {
                json = json != null ? json : json(stdout);
                JsonNode v = json.at(f.pointer());
                if (v.isMissingNode() || v.isNull()) {
                    throw new Unparseable("figure " + f.name() + ": the output's JSON has nothing at " + f.pointer());
                }
                out.put(f.name(), v.isNumber() ? v.asDouble() : number(v.asText(), f));
            }
        }
        return out;
    }

    private Matcher match(String stdout, String stderr) throws Unparseable {
        for (String text : new String[] {stdout, stderr}) {
            Matcher m = spec.regex().matcher(text);
            if (m.find()) {
                return m;
            }
        }
        throw new Unparseable("parse regex '" + spec.regex().pattern() + "' matches neither stdout nor stderr");
    }

    private static Double number(String text, CustomParse.Figure f) throws Unparseable {
        String where = f.group() != null ? "group " + f.group() + " of parse regex" : "json " + f.pointer();
        if (text == null) {
            throw new Unparseable("figure " + f.name() + ": " + where + " took no part in the match");
        }
        try {
            double v = Double.parseDouble(text.trim());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        String shown = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        throw new Unparseable("figure " + f.name() + ": " + where + " is '" + shown + "', not a number");
    }

    private static JsonNode json(String stdout) throws Unparseable {
        int brace = stdout.indexOf('{');
        int bracket = stdout.indexOf('[');
        int start = brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
        if (start < 0) {
            throw new Unparseable("no JSON in the output for parse metrics' json: pointers");
        }
        try {
            return Json.MAPPER.readTree(stdout.substring(start));
        } catch (IOException e) {
            throw new Unparseable("the output's JSON does not parse: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
