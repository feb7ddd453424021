<#-- The crash cells (crash:): counts per class, recovery times, every violation with its replay command. -->
<#if crash.present>

## Crash recovery

${crash.method}

| filesystem | workload | guest | points (of log entries) |<#list crash.classes as c> ${c} |</#list> mount s, median | mount s, p99 | check s, median | check s, p99 | repaired | expected loss |
|---|---|---|--:|<#list crash.classes as c>--:|</#list>--:|--:|--:|--:|--:|---|
<#list crash.rows as r>
| ${r.filesystem} | ${r.workload} | ${r.kernel} | ${r.points} |<#list r.counts as n> ${n} |</#list> ${r.mountMedian} | ${r.mountP99} | ${r.checkMedian} | ${r.checkP99} | ${r.repairs} | ${r.lost} |
</#list>
<#list crash.notes as n>

${n}
</#list>

<#if crash.violations?has_content>
### Violations

Every crash point where a file made durable was lost or damaged; each command, run as root from this report's directory, replays the kept write log to that point onto a fresh image (check it with the filesystem's own fsck, or mount it under the guest's kernel).

| filesystem | workload | crash point | class | files | replay |
|---|---|---|---|---|---|
<#list crash.violations as v>
| ${v.filesystem} | ${v.workload} | ${v.point} | ${v.crashClass} | ${v.files} | `${v.replay}` |
</#list>
<#else>
No crash point lost or damaged a file made durable.
</#if>
<#if crash.failed?has_content>

| crash cell that could not run | reason |
|---|---|
<#list crash.failed as f>
| ${f.cell} | ${f.reason} |
</#list>
</#if>
</#if>
