package org.fsflow.doctor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fsflow.plan.ResolvedStep;

/**
 * The bytes an unmeasured command ({@code before:}, {@code after:}) writes where its words say so, for
 * {@code fsflow doctor}'s disk estimate: {@code dd} ({@code bs} times {@code count}, or {@code obs}),
 * {@code fallocate -l SIZE} and {@code head -c SIZE}. fio's jobs are {@link FioJobs}' (a job laid out by
 * {@code before:} is the file the step's own job then reads: counted once).
 * Sizes take the tools' own binary suffixes ({@code 4k}, {@code 64M}, {@code 1G}); anything else tells
 * nothing and counts 0.
 */
final class KnownWrites {

    private static final Pattern SIZE = Pattern.compile("(\\d+)([kmgt]?)(i?b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern WORD = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)");

    private KnownWrites() {}

    /** The bytes {@code line} writes that its words tell, 0 when none. */
    static long of(ResolvedStep.Line line) {
        if (line == null || line.argv() == null) {
            return 0;
        }
        List<String> words = line.shell() ? words(line.argv().get(line.argv().size() - 1)) : line.argv();
        long bytes = 0;
        for (int i = 0; i < words.size(); i++) {
            String w = program(words.get(i));
            if (w.equals("dd")) {
                bytes += dd(words, i + 1);
            } else if (w.equals("fallocate") || w.equals("head")) {
                bytes += sized(words, i + 1, w.equals("head") ? "-c" : "-l");
            }
        }
        return bytes;
    }

    private static String program(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 ? word : word.substring(slash + 1);
    }

    // dd's operands up to the end of its command: bs= (or obs=) times count=
    private static long dd(List<String> words, int from) {
        Long bs = null;
        Long count = null;
        for (int i = from; i < words.size() && !separator(words.get(i)); i++) {
            String w = words.get(i);
            if (w.startsWith("bs=") || w.startsWith("obs=")) {
                bs = bytes(w.substring(w.indexOf('=') + 1));
            } else if (w.startsWith("count=")) {
                count = w.substring(6).matches("\\d{1,12}") ? Long.parseLong(w.substring(6)) : null;
            }
        }
        return bs == null || count == null ? 0 : bs * count;
    }

    // the size after OPTION (-l SIZE, -lSIZE, -c SIZE) up to the end of the command
    private static long sized(List<String> words, int from, String option) {
        for (int i = from; i < words.size() && !separator(words.get(i)); i++) {
            String w = words.get(i);
            String value = w.equals(option) && i + 1 < words.size()
                    ? words.get(i + 1)
                    : w.startsWith(option) && w.length() > option.length() ? w.substring(option.length()) : null;
            Long b = value == null ? null : bytes(value);
            if (b != null) {
                return b;
            }
        }
        return 0;
    }

    private static boolean separator(String w) {
        return List.of(";", "&&", "||", "|", "&").contains(w);
    }

    private static Long bytes(String value) {
        Matcher m = SIZE.matcher(value);
        if (!m.matches() || m.group(1).length() > 15) {
            return null;
        }
        int power = m.group(2).isEmpty() ? 0 : "kmgt".indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
        return Long.parseLong(m.group(1)) << (10 * power);
    }

    // a shell command's words: split at blanks, quotes taken off, ';' and '&&' apart
    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text.replace(";", " ; ").replace("&&", " && ").replace("||", " || "));
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return out;
    }
}
