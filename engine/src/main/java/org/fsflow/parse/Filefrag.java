package org.fsflow.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code filefrag -v} (e2fsprogs): each file's size and its physical extents as FIEMAP gave
 * them, in the filesystem's blocks. Lines it does not know (warnings) are left out; a file whose
 * table is missing has no extents.
 */
public final class Filefrag {

    private static final Pattern FILE =
            Pattern.compile("^File size of (.+) is (\\d+) \\((\\d+) blocks? of (\\d+) bytes\\)$");
    private static final Pattern EXTENT = Pattern.compile(
            "^\\s*(\\d+):\\s+(\\d+)\\.\\.\\s*(\\d+):\\s+(\\d+)\\.\\.\\s*(\\d+):\\s+(\\d+):\\s+(?:\\d+:)?\\s*(.*)$");

    private Filefrag() {}

    /**
     * One extent: {@code logical} and {@code physical} first block, {@code length} in blocks, the
     * flags as filefrag prints them ({@code last,eof}, {@code unwritten}, {@code shared} ...).
     */
    public record Extent(long logical, long physical, long length, String flags) {}

    /** One file: its path as given to filefrag, its size in bytes, its block size and its extents. */
    public record FileMap(String path, long bytes, int blockBytes, List<Extent> extents) {}

    /** Every file of {@code output}, in its order. */
    public static List<FileMap> parse(String output) {
        Map<String, FileMap> files = new LinkedHashMap<>();
        String path = null;
        long bytes = 0;
        int block = 0;
        List<Extent> extents = new ArrayList<>();
        for (String line : output.split("\n")) {
            Matcher f = FILE.matcher(line);
            if (f.matches()) {
                if (path != null) {
                    files.put(path, new FileMap(path, bytes, block, List.copyOf(extents)));
                }
                path = f.group(1);
                bytes = Long.parseLong(f.group(2));
                block = Integer.parseInt(f.group(4));
                extents.clear();
                continue;
            }
            Matcher e = EXTENT.matcher(line);
            if (path != null && e.matches()) {
                extents.add(new Extent(
                        Long.parseLong(e.group(2)),
                        Long.parseLong(e.group(4)),
                        Long.parseLong(e.group(6)),
                        e.group(7).trim()));
            }
        }
        if (path != null) {
            files.put(path, new FileMap(path, bytes, block, List.copyOf(extents)));
        }
        return List.copyOf(files.values());
    }
}
