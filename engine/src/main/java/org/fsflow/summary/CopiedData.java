package org.fsflow.summary;

import java.util.Map;
import java.util.regex.Pattern;
import org.fsflow.result.RunCampaign;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;

/**
 * What a step writes and how much data its command names, read from the command as run: a copy
 * ({@code cp}, {@code rsync}, {@code tar}) or a {@code dd} to a file is a write step; the data it
 * names is the cell's dataset, or a dataset whose directory appears in the command, as generated.
 */
final class CopiedData {

    private static final Pattern COPY = Pattern.compile("^(\\S*/)?(cp|rsync|tar)\\s.*");
    private static final Pattern DD_TO_FILE = Pattern.compile("^(\\S*/)?dd\\s(.*\\s)?of=(?!/dev/null)\\S+.*");

    private CopiedData() {}

    /** The command of a series, as its first row ran it ("" when none). */
    static String command(Series s) {
        return s.isEmpty() || s.first().command() == null
                ? ""
                : s.first().command().strip();
    }

    /** True for a copy: not a tar whose archive ends in /dev/null, which reads. */
    static boolean copies(String command) {
        return COPY.matcher(command).matches() && !ReadData.tarReads(command);
    }

    /** True for a step that writes files: a copy, or dd to a file. */
    static boolean writes(String command) {
        return copies(command) || DD_TO_FILE.matcher(command).matches();
    }

    /** The bytes of the datasets {@code command} names in the cell of {@code s}, or 0 when it names none. */
    static long namedBytes(Series s, String command, RunEnvironment env) {
        // at the row's scale: a guest cell at --scale guest=0.05 copies the guest's datasets
        Map<String, RunCampaign.DatasetInfo> datasets = env.datasetsOf(s.isEmpty() ? null : s.first());
        String own = s.key().dataset();
        if (own != null && datasets.get(own) != null && names(command, own)) {
            return datasets.get(own).bytes();
        }
        long bytes = 0;
        for (Map.Entry<String, RunCampaign.DatasetInfo> e : datasets.entrySet()) {
            if (e.getValue() != null && names(command, e.getKey())) {
                bytes += e.getValue().bytes();
            }
        }
        return bytes;
    }

    // a dataset is named when its name is a whole path component of an argument
    private static boolean names(String command, String dataset) {
        return Pattern.compile("(^|/)" + Pattern.quote(dataset) + "(/|\\s|'|$)")
                .matcher(command)
                .find();
    }
}
