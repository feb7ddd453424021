package org.fsflow.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fsflow.result.Json;
import org.fsflow.result.RunEnvironment;
import org.junit.jupiter.api.Test;

/** The report's conditions say each time a run was interrupted and resumed, and nothing when it never was. */
class ResumeConditionsTest {

    private static RunEnvironment env(String json) throws Exception {
        return Json.MAPPER.readValue(json, RunEnvironment.class);
    }

    @Test
    void eachResumeIsListedWithItsPlaceInTheJournalAndAnotherKernelOrCommitNamed() throws Exception {
        RunEnvironment e = env("""
                {"kernel": "6.18.44", "resumes": [
                  {"at": "2026-12-02T05:50:12Z", "after_rows": 149, "last_node": "test2/ext3/r1/mount", "kernel": "6.18.44", "commit": "aaaa"},
                  {"at": "2026-12-02T09:00:00Z", "after_rows": 300, "last_node": null, "kernel": "6.19.1", "commit": "bbbb"}]}
                """);
        assertEquals(
                "2 times: resumed at 2026-12-02T05:50:12Z after 149 measurements (the last: test2/ext3/r1/mount); "
                        + "resumed at 2026-12-02T09:00:00Z after 300 measurements, under kernel 6.19.1, by fsflow at commit "
                        + "bbbb (the node that was running when it stopped ran again)",
                Conditions.resumes(e, "aaaa"));
        assertEquals("", Conditions.resumes(env("{}"), "aaaa"));
    }

    @Test
    void aResumeGivenMoreRoundsSaysSoAndNoNodeRanAgain() throws Exception {
        RunEnvironment e = env("""
                {"kernel": "6.18.44", "resumes": [{"at": "2026-12-07T01:30:00Z", "after_rows": 245,
                  "last_node": "test2/ext3/r7/umount", "kernel": "6.18.44", "sets": ["repeat.budget=2h"]}]}
                """);
        assertEquals(
                "1 time: resumed at 2026-12-07T01:30:00Z after 245 measurements (the last: test2/ext3/r7/umount), "
                        + "with --set repeat.budget=2h (more rounds of the same plan)",
                Conditions.resumes(e, null));
    }
}
