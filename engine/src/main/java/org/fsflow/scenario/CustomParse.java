package org.fsflow.scenario;

import java.util.List;
import java.util.regex.Pattern;
import org.fsflow.lang.Location;

/**
 * {@code parse:} as a mapping: a scenario's own figures, read from the output of the step's
 * command or of its {@code after:} command, by a regular expression's groups or a JSON pointer;
 * a built-in parser ({@code tool:}) may read the command's output as well.
 *
 * <pre>
 *   - name: extract
 *     run: tar -xf ${params.archive} -C ${target.mnt}
 *     after: df --output=used -B1 ${target.mnt}
 *     parse:
 *       from: after                          # the after: command's output (default: run)
 *       regex: '(?m)^\s*(\d+)\s*$'            # searched in stdout, then in stderr
 *       metrics:
 *         used_bytes: { group: 1, unit: B, better: lower }
 *   - name: fio-json
 *     run: fio --output-format=json ...
 *     parse:
 *       tool: fio                            # fio's own figures too
 *       metrics:
 *         first_write_iops: { json: /jobs/0/write/iops, unit: IO/s, better: higher }
 * </pre>
 *
 * @param tool    {@code tool:} a built-in parser of the command's output as well, or null
 * @param from    {@code from:} whose output the figures are read from
 * @param regex   {@code regex:} the expression whose groups {@code group:} figures take, or null
 * @param metrics {@code metrics:} the figures, in the order written
 * @param where   where {@code parse:} is written
 */
public record CustomParse(String tool, From from, Pattern regex, List<Figure> metrics, Location where) {

    /** Whose output the figures are read from. */
    public enum From {
        /** the step's measured command ({@code run:}) */
        RUN("run"),
        /** its unmeasured {@code after:} command */
        AFTER("after");

        private final String keyword;

        From(String keyword) {
            this.keyword = keyword;
        }

        /** The name written in scenarios. */
        public String keyword() {
            return keyword;
        }
    }

    /**
     * One figure, stored in the result's {@code metrics} under {@code name}.
     *
     * @param name    its name in results.jsonl
     * @param group   {@code group:} the regex group holding it (1 or more), or null
     * @param pointer {@code json:} the JSON pointer (RFC 6901, {@code /jobs/0/write/iops}) to it in
     *                the output's JSON, or null
     * @param unit    {@code unit:} its unit as reports show it, "" when not given
     * @param better  {@code better:} "lower", "higher", or null: shown, never ranked
     * @param where   where the figure is written
     */
    public record Figure(String name, Integer group, String pointer, String unit, String better, Location where) {}
}
