<#-- fsflow Markdown report (GitHub-flavoured). Auto-escaping is on: every ${...} is plain text. The data model is
     org.fsflow.report.ReportModel, listed in templates/README.md. -->
<#import "partials/tables.md.ftl" as t>
# ${title}

<#include "partials/verdicts.md.ftl">
<#include "partials/controls.md.ftl">
<#if source?has_content>*Source: ${source}*

</#if>
<#if description?has_content>${description}

</#if>
<#if answer?has_content>**${answer}**

</#if>
Scenario `${scenario}`, ${measurements} measurements, rendered by fsflow from `results.jsonl` and `environment.json` (every measurement: [${csv}](${csv})).
<#if provenance?has_content>

Made by<#list provenance as p> ${p.label} ${p.value}<#sep>;</#sep></#list>.
</#if>

## Method and warnings

${method}

<#if warnings?has_content>
<#list warnings as w>
- ⚠ ${w}
</#list>
<#else>
No method warning.
</#if>

<#include "partials/conditions.md.ftl">
<#include "partials/repetitions.md.ftl">
<#include "partials/time.md.ftl">
<#include "partials/aging.md.ftl">
<#list datasets as d>

## Dataset ${d.name}

<#if d.info?has_content>${d.info}

</#if>
<#list d.charts as c>![${c.title}](${c.file})

</#list>
<#list d.tables as table>
<@t.metricTable table d.columns d.groups />
</#list>
### ${d.io.title}

<@t.plainTable d.io.rows d.columns d.groups />
<#if d.cache??>

### ${d.cache.title}

<@t.plainTable d.cache.rows d.columns d.groups />
</#if>
<#if d.overTime?has_content>

### Over time

<#list d.overTime as c>![${c.title}](${c.file})

</#list>
</#if>
</#list>
<#include "partials/crash.md.ftl">
<#include "partials/figures.md.ftl">
<#if bonnie?has_content>

## bonnie++

Each cell is the mean over the runs ± the half-width of its 95 % confidence interval (as every ± of this report); +++++ : too fast to measure (file too small for this RAM; for the file tests, too few files): every run of that test took under 0.5 s; "(+k × +++++)": k more runs were, and are left out of the mean.
<#list bonnie as b>

### ${b.title}

<#list b.charts as c>![${c.title}](${c.file})

</#list>
| filesystem | runs |<#list b.headers as h> ${h.group}: ${h.test} ${h.unit} | % CPU |</#list>
|---|--:|<#list b.headers as h>--:|--:|</#list>
<#list b.lines as l>
<#if l.placeStart>| **${l.place}** | |<#list b.headers as h> | |</#list>
</#if>
| ${l.filesystem} | ${l.n} |<#list l.cells as c> ${c} |</#list>
<#if l.latencies?has_content>
| ${l.filesystem} latency | |<#list l.latencies as lat> ${lat} | |</#list>
</#if>
</#list>
</#list>
</#if>
<#if capacity?has_content>

## Capacity after mkfs

| filesystem | device | filesystem size | available | usable | inodes | n |
|---|--:|--:|--:|--:|--:|--:|
<#list capacity as c>
| ${c.filesystem} | ${c.device} | ${c.size} | ${c.available} | ${c.usable} | ${c.inodes} | ${c.n} |
</#list>
</#if>
<#if skipped?has_content>

## Skipped

| cell | steps | reason |
|---|--:|---|
<#list skipped as s>
| ${s.cell} | ${s.steps} | ${s.reason} |
</#list>
</#if>
<#if failed?has_content>

## Failed

| node | status | reason |
|---|---|---|
<#list failed as f>
| ${f.node} | ${f.status} | ${f.reason} |
</#list>
<#if failedCount gt failed?size>

The first ${failed?size} of the ${failedCount} steps that failed or timed out; every one is in [${csv}](${csv}).
</#if>
</#if>

## Rows worth a look

Every measurement is in [${csv}](${csv}) and [results.jsonl](results.jsonl); <#if notable == 0>none failed and no real time is an outlier of its series (modified z-score above 3.5).<#else>shown here <#if notable == 1>is the one<#else>are the ${notable}</#if> that failed or whose real time is an outlier of its series (modified z-score above 3.5)<#if notable gt raw?size>, the first ${raw?size}</#if>.</#if>
<#if raw?has_content>

| node | why | status | real s | user s | sys s | CPU | max RSS | reason |
|---|---|---|--:|--:|--:|--:|--:|---|
<#list raw as r>
| ${r.node} | ${r.why} | ${r.status} | ${r.real} | ${r.user} | ${r.sys} | ${r.cpu} | ${r.rss} | ${r.reason} |
</#list>
</#if>
