package org.fsflow.result;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a line of a journal that is not a measurement lies, found from the end of the row before
 * it: its number, the offset of its newline, whether it has one (a line torn by a crash has none)
 * and whether it is the last line that is not blank. Reads that line and the blanks around it only.
 *
 * @param number     its line number, from 1
 * @param end        the offset of its newline, or of the end of the file
 * @param terminated true when a newline ends it
 * @param last       true when nothing but blanks follows it
 * @param cutShort   true when the row ends before its JSON does (a write cut short)
 * @param reason     why it is not a measurement, in words
 */
record BadLine(long number, long end, boolean terminated, boolean last, boolean cutShort, String reason) {

    /**
     * The first line that is not blank after offset {@code after}, on line {@code line}; when
     * {@code afterRow}, {@code after} ends a row, whose line is skipped first.
     */
    static BadLine after(Path file, long after, long line, boolean afterRow, Exception problem) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 14)) {
            in.skipNBytes(after);
            long pos = after;
            long number = line;
            int c = in.read();
            if (afterRow) {
                while (c >= 0 && c != '\n') {
                    c = in.read();
                    pos++;
                }
            }
            while (c >= 0 && (c == '\n' || Character.isWhitespace(c))) {
                number += c == '\n' ? 1 : 0;
                c = in.read();
                pos++;
            }
            while (c >= 0 && c != '\n') {
                c = in.read();
                pos++;
            }
            boolean terminated = c == '\n';
            long end = pos;
            while (c >= 0 && Character.isWhitespace(c)) {
                c = in.read();
            }
            return new BadLine(number, end, terminated, c < 0, RowErrors.cutShort(problem), RowErrors.reason(problem));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
