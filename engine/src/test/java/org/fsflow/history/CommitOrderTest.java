package org.fsflow.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Commits in the order of a repository's ancestry when one is at hand, else as given. */
class CommitOrderTest {

    @TempDir
    Path dir;

    private String git(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                "git",
                "-C",
                dir.toString(),
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@example.invalid",
                "-c",
                "commit.gpgsign=false"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void aRepositoryOrdersItsCommitsByAncestry() throws Exception {
        git("init", "-q");
        List<String> commits = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Files.writeString(dir.resolve("f"), "v" + i);
            git("add", "f");
            git("commit", "-q", "-m", "c" + i);
            commits.add(git("rev-parse", "HEAD"));
        }
        List<String> given = List.of(commits.get(2), commits.get(0), commits.get(1));
        CommitOrder o = CommitOrder.of(given, dir);
        assertTrue(o.source().startsWith("the ancestry of the commits"), o.source());
        List<String> sorted = new ArrayList<>(given);
        sorted.sort(Comparator.comparing(c -> o.ranks().get(c)));
        assertEquals(commits, sorted);
    }

    @Test
    void withoutARepositoryTheCommandLineOrderIsKept() {
        List<String> given = List.of("c".repeat(40), "a".repeat(40), "c".repeat(40), "b".repeat(40));
        CommitOrder o = CommitOrder.of(given, dir);
        assertTrue(o.source().startsWith("the order the runs were given"), o.source());
        assertEquals(Map.of("c".repeat(40), 0, "a".repeat(40), 1, "b".repeat(40), 2), o.ranks());
    }
}
