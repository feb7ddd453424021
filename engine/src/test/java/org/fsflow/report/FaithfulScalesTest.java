package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.fsflow.report.ReportModel.Labelled;
import org.fsflow.result.Json;
import org.fsflow.result.RunConditions;
import org.junit.jupiter.api.Test;

/** A run at {@code --scale 1 --scale guest=0.05} states the budget of each scale's cells. */
class FaithfulScalesTest {

    private static final String BUDGET = "{\"bytes\": 2147483648, \"scale\": true, \"factor\": %s, "
            + "\"effective_bytes\": %s, \"raised_to_floor\": false, \"floor_bytes\": 67108864, \"method\": \"m\"}";

    @Test
    void eachScaleHasItsOwnBudgetLine() throws Exception {
        String json = "{\"memory_budget\": " + BUDGET.formatted("1.0", "2147483648") + ", \"memory_budget_at\": {"
                + "\"0.05\": " + BUDGET.formatted("0.05", "107374182") + "}, \"warmup\": 0, \"flush_steps\": []}";
        List<Labelled> lines = new ArrayList<>();
        FaithfulConditions.add(lines, Json.MAPPER.readValue(json, RunConditions.class));
        assertEquals(
                List.of("Memory budget (host's scale)", "Memory budget at --scale 0.05"),
                lines.stream().map(Labelled::label).toList());
        assertEquals(
                "102.4 MiB of RAM for the machine under test (2.0 GiB as written, scaled with the datasets by x0.0500);"
                        + " enforced by m",
                lines.get(1).value());
    }
}
