package org.fsflow.summary;

import java.util.regex.Pattern;
import org.fsflow.result.RunEnvironment;
import org.fsflow.result.Series;

/**
 * What a read step reads, from its command as run: {@code dd} from a file to {@code /dev/null}
 * (the bytes dd reports it copied), or a reader of file contents ({@code cat}, {@code tar} to
 * {@code /dev/null}, a checksum) over a dataset the command names (the dataset's bytes).
 */
final class ReadData {

    private static final Pattern DD = Pattern.compile("^(\\S*/)?dd\\s.*");
    private static final Pattern DD_FROM_FILE = Pattern.compile("(^|\\s)if=(?!/dev/(zero|null|u?random|full)\\b)\\S+");
    private static final Pattern DD_TO_FILE = Pattern.compile("(^|\\s)of=(?!/dev/null\\b)\\S+");
    private static final Pattern READER =
            Pattern.compile("(^|[\\s|;&({])(\\S*/)?(cat|tar|md5sum|sha\\d+sum|b2sum|cksum|cmp)\\s");
    private static final Pattern TAR = Pattern.compile("(^|[\\s|;&({])(\\S*/)?tar\\s");
    // the archive (-f, --file, or f in tar's first, dashless bundle) named /dev/null, or - with the output sent there
    private static final String ARCHIVE = "(tar\\s+[A-Za-z]*f\\s*|\\s-[A-Za-z]*f\\s*|\\s--file[=\\s])";
    private static final Pattern TAR_TO_NULL = Pattern.compile(ARCHIVE + "/dev/null\\b");
    private static final Pattern TAR_TO_STDOUT = Pattern.compile(ARCHIVE + "-(\\s|$)");
    // tar extracting (-x, --extract, --get, or x in its first bundle): it reads an archive and writes the files
    private static final Pattern TAR_EXTRACTS = Pattern.compile(
            "(^|[\\s|;&({])(\\S*/)?tar\\s+(-?[A-Za-z]*x|[^|;&]*\\s(-[A-Za-z]*x[A-Za-z]*|--extract|--get)(\\s|$))");
    private static final Pattern TO_NULL = Pattern.compile(">\\s*/dev/null\\b");
    private static final Pattern TO_FILE = Pattern.compile(">>?\\s*(?!/dev/null\\b)[^\\s&]");

    private ReadData() {}

    /** True for {@code dd} from a file to nowhere but {@code /dev/null}. */
    static boolean ddReads(String command) {
        return DD.matcher(command).matches()
                && DD_FROM_FILE.matcher(command).find()
                && !DD_TO_FILE.matcher(command).find();
    }

    /** True for a command that reads file contents and writes no file. */
    static boolean reads(String command) {
        return ddReads(command)
                || tarReads(command)
                || READER.matcher(command).find()
                        && !CopiedData.writes(command)
                        && !TAR_EXTRACTS.matcher(command).find()
                        && !TO_FILE.matcher(command).find();
    }

    /** True for tar creating an archive that ends in {@code /dev/null}: named so, or its standard output sent there. */
    static boolean tarReads(String command) {
        return TAR.matcher(command).find()
                && (TAR_TO_NULL.matcher(command).find()
                        || TAR_TO_STDOUT.matcher(command).find()
                                && TO_NULL.matcher(command).find())
                && !TO_FILE.matcher(command).find();
    }

    /**
     * True for GNU tar creating its archive on {@code /dev/null}, by name or through its standard
     * output (not through a pipe): it then skips reading the files' contents.
     */
    static boolean tarToNull(String command) {
        return tarReads(command) && (TAR_TO_NULL.matcher(command).find() || !command.contains("|"));
    }

    /** The bytes the step of {@code s} reads: dd's own count, or the datasets it names; 0 when unknown. */
    static long namedBytes(Series s, String command, RunEnvironment env) {
        if (ddReads(command)) {
            var copied = s.moments("dd_bytes");
            return copied.n() == 0 ? 0 : (long) copied.mean();
        }
        return CopiedData.namedBytes(s, command, env);
    }
}
