package org.fsflow.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of Markdown files and whether they resolve: each to an existing file or
 * directory, and a {@code #fragment} into a Markdown file to one of its headings, as GitHub
 * names them. Links inside fenced code blocks and inline code are not links.
 */
final class MarkdownLinks {

    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    private MarkdownLinks() {}

    /** Every broken relative link of {@code files}, as {@code file:line: what}, paths relative to {@code root}. */
    static List<String> problems(Path root, List<Path> files) {
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> out = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = read(file);
            boolean fence = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.stripLeading().startsWith("```")) {
                    fence = !fence;
                    continue;
                }
                if (fence) {
                    continue;
                }
                Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll("code"));
                while (m.find()) {
                    String problem = check(file, m.group(1), anchors);
                    if (problem != null) {
                        out.add(root.relativize(file) + ":" + (i + 1) + ": " + problem);
                    }
                }
            }
        }
        return out;
    }

    private static String check(Path file, String target, Map<Path, Set<String>> anchors) {
        if (SCHEME.matcher(target).find()) {
            return null;
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String fragment = hash < 0 ? null : target.substring(hash + 1);
        if (path.startsWith("/")) {
            return "link '" + target + "' is absolute: write it relative to the file";
        }
        Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!Files.exists(resolved)) {
            return "link '" + target + "': no such file " + resolved.getFileName();
        }
        if (fragment != null && resolved.toString().endsWith(".md")) {
            Set<String> known = anchors.computeIfAbsent(resolved, p -> anchors(read(p)));
            if (!known.contains(fragment)) {
                return "link '" + target + "': no heading '#" + fragment + "' in " + resolved.getFileName();
            }
        }
        return null;
    }

    /** The anchors GitHub gives the headings of a Markdown file (outside code blocks). */
    static Set<String> anchors(List<String> lines) {
        Set<String> out = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fence = false;
        for (String line : lines) {
            if (line.stripLeading().startsWith("```")) {
                fence = !fence;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (!fence && m.matches()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum);
                out.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
        }
        return out;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        String lower = heading.strip().toLowerCase(Locale.ROOT);
        return lower.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
