package org.fsflow.safety;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * JSON that fsflow writes, readable with {@code cat}: besides the C0 controls JSON always escapes,
 * DEL, the C1 controls (U+009B is a terminal's CSI) and the characters {@link Visible#hidden}
 * (bidi overrides, zero-width characters) are written as {@code \}{@code uXXXX}. A JSON reader
 * reads the same string back.
 */
public final class VisibleJson extends CharacterEscapes {

    private static final long serialVersionUID = 1L;

    private final int[] ascii;

    private VisibleJson() {
        ascii = standardAsciiEscapesForJSON();
        ascii[0x7f] = ESCAPE_STANDARD;
    }

    /** {@code mapper}, its factory set to write these escapes; returned for chaining. */
    public static ObjectMapper on(ObjectMapper mapper) {
        mapper.getFactory().setCharacterEscapes(new VisibleJson());
        return mapper;
    }

    /** {@code g} set to write these escapes; returned for chaining. */
    public static com.fasterxml.jackson.core.JsonGenerator on(com.fasterxml.jackson.core.JsonGenerator g) {
        g.setCharacterEscapes(new VisibleJson());
        return g;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        return ch <= 0xffff && Visible.hidden((char) ch) ? new SerializedString(String.format("\\u%04x", ch)) : null;
    }
}
