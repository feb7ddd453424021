package org.fsflow.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one results splice of {@code fsflow merge} and {@code run --hosts}. */
class SpliceTest {

    @Test
    void journalsAreJoinedInOrderWithTheAxisFirstAndNumbersUntouched(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        Files.writeString(a, "{\"node\":\"ext4/r1/copy\",\"cell\":{\"filesystem\":\"ext4\"},\"real_s\":1.10}\n\n");
        Files.writeString(b, "{\"node\":\"ext4/r1/copy\",\"cell\":{\"filesystem\":\"ext4\"},\"real_s\":2.0e0}\n");
        assertEquals(
                "{\"node\":\"6.1/ext4/r1/copy\",\"cell\":{\"kernel\":\"6.1\",\"filesystem\":\"ext4\"},\"real_s\":1.10}\n"
                        + "{\"node\":\"6.12/ext4/r1/copy\",\"cell\":{\"kernel\":\"6.12\",\"filesystem\":\"ext4\"},"
                        + "\"real_s\":2.0e0}\n",
                Splice.journals(List.of(a, b), List.of("6.1", "6.12"), "kernel"));
    }

    @Test
    void anAxisTheCellsHaveAlreadyOrALineFsflowDidNotWriteIsRefused() {
        IllegalArgumentException clash = assertThrows(
                IllegalArgumentException.class,
                () -> Splice.withAxis("{\"node\":\"x\",\"cell\":{\"host\":\"h\"}}", "host", "h2"));
        assertTrue(clash.getMessage().contains("already have an axis 'host'"), clash.getMessage());
        IllegalArgumentException order = assertThrows(
                IllegalArgumentException.class, () -> Splice.withAxis("{\"cell\":{},\"node\":\"x\"}", "run", "a"));
        assertTrue(order.getMessage().contains("without node first"), order.getMessage());
        IllegalArgumentException torn = assertThrows(
                IllegalArgumentException.class, () -> Splice.withAxis("{\"node\":\"x\",\"cell\":{", "run", "a"));
        assertTrue(torn.getMessage().startsWith("not a results line"), torn.getMessage());
    }

    @Test
    void aValueThatNeedsEscapingStaysOneValue() {
        String merged = Splice.withAxis("{\"node\":\"x\",\"cell\":{}}", "run", "a\"b/c");
        assertEquals("{\"node\":\"a\\\"b/c/x\",\"cell\":{\"run\":\"a\\\"b/c\"}}", merged);
    }
}
