package org.fsflow.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.fsflow.result.Json;
import org.junit.jupiter.api.Test;

class VisibleTest {

    @Test
    void controlsAndBidiOverridesAreShownAsEscapes() {
        assertEquals("touch x; \\e[2K\\rdu -s", Visible.text("touch x; \u001b[2K\rdu -s"));
        assertEquals("a\\u009bb \\u202eevil\\u2066", Visible.text("a\u009bb \u202eevil\u2066"));
        assertEquals("\\0\\u0007\\u007f\\u200b\\ufeff", Visible.text("\0\u0007\u007f\u200b\ufeff"));
        assertEquals("\\ud800 lone, \ud83d\ude00 a pair", Visible.text("\ud800 lone, \ud83d\ude00 a pair"));
    }

    @Test
    void textKeepsLinesAndTabsLineDoesNot() {
        assertEquals("a\n\tb", Visible.text("a\n\tb"));
        assertEquals("a\\n\\tb", Visible.line("a\n\tb"));
        assertTrue(Visible.hasHidden("a\nb"));
        assertFalse(Visible.hasHidden("ext4 é ünïcode / \\e"));
        assertNull(Visible.text(null));
    }

    @Test
    void textWithoutHiddenCharactersIsTheSameString() {
        String s = "cp -r /a \"b c\" 'd' \\; ü";
        assertTrue(s == Visible.text(s));
    }

    @Test
    void theTerminalWriterEscapesAllButFsflowsOwnControls() {
        StringWriter text = new StringWriter();
        PrintWriter w = VisibleWriter.of(new PrintWriter(text));
        w.print("plan \u001b[2Kdu\r\n");
        w.printf("%s%n", "\u202e");
        VisibleWriter.raw(w, "\r\u001b[K");
        w.print("x\ud83d");
        w.print("\ude00");
        w.flush();
        assertEquals("plan \\e[2Kdu\\r\n\\u202e" + System.lineSeparator() + "\r\u001b[Kx\ud83d\ude00", text.toString());
        assertTrue(VisibleWriter.of(w) == w, "not wrapped twice");
    }

    @Test
    void jsonEscapesC1AndBidiAndReadsTheSameStringBack() throws Exception {
        String s = "a\u009b\u202e\u007f\u001bb";
        String json = Json.MAPPER.writeValueAsString(s);
        assertEquals("\"a\\u009b\\u202e\\u007F\\u001Bb\"", json);
        assertEquals(s, Json.MAPPER.readValue(json, String.class));
    }
}
