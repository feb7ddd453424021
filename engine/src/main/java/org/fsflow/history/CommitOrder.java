package org.fsflow.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The order of the commits the runs recorded: their ancestry in the git repository of the current
 * directory when it holds every one of them ({@code git rev-list --topo-order --reverse --all},
 * oldest first), else the order in which their runs were given on the command line (list the
 * runs oldest commit first). Runs of one commit keep their start order.
 *
 * @param ranks  each commit's rank
 * @param source how the order was found, for the report
 */
public record CommitOrder(Map<String, Integer> ranks, String source) {

    /** The order of {@code commits} (in command-line order, nulls left out by the caller). */
    public static CommitOrder of(List<String> commits, Path repository) {
        List<String> history = revList(repository);
        Map<String, Integer> ranks = new HashMap<>();
        if (history != null && history.containsAll(commits)) {
            for (int i = 0; i < history.size(); i++) {
                ranks.put(history.get(i), i);
            }
            return new CommitOrder(ranks, "the ancestry of the commits in the git repository of " + repository);
        }
        for (String c : commits) {
            ranks.putIfAbsent(c, ranks.size());
        }
        return new CommitOrder(
                ranks, "the order the runs were given on the command line (no git repository here holds every commit)");
    }

    private static List<String> revList(Path repository) {
        try {
            Process p = new ProcessBuilder(
                            "git", "-C", repository.toString(), "rev-list", "--topo-order", "--reverse", "--all")
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return new ArrayList<>(
                    out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
