<#-- fsflow comparison report (GitHub-flavoured Markdown). Auto-escaping is on: every ${...} is plain text. -->
# ${c.title}

| run | scenario | first step started (UTC) | measurements |
|---|---|---|---:|
<#list c.runs as r>
| ${r.label}<#if r?is_first> (baseline)</#if> | ${r.scenario} | ${r.started} | ${r.measurements} |
</#list>

## What differs

<#if c.axis?has_content>
The comparison is about **${c.axis}**<#if c.axisFacts?has_content>:<#else>, but no recorded condition of that name differs between the runs.</#if>
<#else>
No axis given (--axis NAME): every difference below is a confounder.
</#if>
<#if c.axisFacts?has_content>

| axis |<#list c.runs as r> ${r.label} |</#list>
|---|<#list c.runs as r>---|</#list>
<#list c.axisFacts as d>
| ${d.fact} |<#list d.values as v> ${v} |</#list>
</#list>
</#if>

<#if c.confounders?has_content>
**Confounders:** ${c.confounders?size} other condition<#if c.confounders?size != 1>s</#if> differ between the runs; a change below may come from them rather than from the axis.

| condition |<#list c.runs as r> ${r.label} |</#list>
|---|<#list c.runs as r>---|</#list>
<#list c.confounders as d>
| ${d.fact} |<#list d.values as v> ${v} |</#list>
</#list>
<#else>
No confounder: nothing else recorded differs between the runs.
</#if>

## Summary

| run | filesystem | better | worse | no significant change | changed (no direction) | geometric mean, > 1 better | time ratio (geometric mean) |
|---|---|---:|---:|---:|---:|---:|---:|
<#list c.summaries as s>
| ${s.run} | ${s.filesystem} | ${s.better} | ${s.worse} | ${s.same} | ${s.changed} | ${s.geomean} | ${s.timeGeomean} |
</#list>

The geometric mean takes every metric with a direction, each ratio turned so that above 1 is better; the time ratio is that of the elapsed times (other / baseline, below 1 is faster).
<#if c.chartFile?has_content>

![Ratios to the baseline with their 95 % intervals](${c.chartFile})
</#if>

## Method

${c.method}

${c.tested} comparisons entered the false-discovery control.

## Comparisons

| cell / step | metric | run | ${c.baseline} (mean ± 95 % CI) | run (mean ± 95 % CI) | ratio [95 % CI] | q | verdict | detectable (80 % power); repetitions per side for ×1.1, ×1.2 |
|---|---|---|---:|---:|---:|---:|---|---|
<#list c.rows as r>
| ${r.where} | ${r.metric}<#if r.unit?has_content> (${r.unit})</#if> | ${r.run} | ${r.base} | ${r.other} | ${r.ratio} | ${r.q} | <#if r.mark == "better" || r.mark == "worse">**${r.markText}**<#else>${r.markText}</#if><#if r.undecided?has_content> (${r.undecided})</#if> | ${r.power} |
</#list>

## Metrics

| metric | unit | better | meaning |
|---|---|---|---|
<#list c.metrics as m>
| ${m.pattern} | ${m.unit} | ${m.direction?lower_case?replace("_", " ")} | ${m.meaning} |
</#list>
