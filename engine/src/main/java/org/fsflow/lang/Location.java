package org.fsflow.lang;

/**
 * Where a value came from: a scenario file position (1-based line and column) or a command-line
 * option such as {@code --set repeat=0}. Every diagnostic carries one, so a user is always sent
 * to the place to fix.
 *
 * @param origin the file path as the user gave it, or the command-line option
 * @param line   1-based line, or 0 when the origin is not a file
 * @param column 1-based column, or 0 when the origin is not a file
 */
public record Location(String origin, int line, int column) {

    /** A position in a file. */
    public static Location of(String file, int line, int column) {
        return new Location(file, line, column);
    }

    /** A value given on the command line, for example {@code --set repeat=0}. */
    public static Location commandLine(String option) {
        return new Location(option, 0, 0);
    }

    /** True when this location points into a file (so a source line can be shown). */
    public boolean inFile() {
        return line > 0;
    }

    /** The same line, {@code delta} columns further right (for a variable inside a string). */
    public Location shifted(int delta) {
        return inFile() ? new Location(origin, line, column + delta) : this;
    }

    @Override
    public String toString() {
        return inFile() ? origin + ":" + line + ":" + column : origin;
    }
}
