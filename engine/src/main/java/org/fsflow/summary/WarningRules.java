package org.fsflow.summary;

import java.util.ArrayList;
import java.util.List;

/** The method warnings a report checks, in the order it prints them. A new rule is one class and one line here. */
public final class WarningRules {

    /** Every rule, in report order. */
    public static final List<WarningRule> ALL = List.of(
            new FewRepetitionsRule(),
            new HighVariationRule(),
            new OutliersRule(),
            new CarryOverRule(),
            new PageCacheRule(),
            new ScaledRule(),
            new LaunchFloorRule(),
            new CloneRule(),
            new CopyBytesRule(),
            new ShortReadRule(),
            new NothingWrittenRule(),
            new ShortWriteRule(),
            new BonnieTooFastRule(),
            new BusyHostRule(),
            new RetakeRule(),
            new VmCellsRule(),
            new FailuresRule());

    private WarningRules() {}

    /** The warnings of every rule on {@code evidence}. */
    public static List<String> check(Evidence evidence) {
        List<String> out = new ArrayList<>();
        for (WarningRule rule : ALL) {
            out.addAll(rule.check(evidence));
        }
        return List.copyOf(out);
    }
}
