<#-- fsflow history report (GitHub-flavoured Markdown). Auto-escaping is on: every ${...} is plain text. -->
# ${h.title}

## Runs

${h.runs?size} run<#if h.runs?size != 1>s</#if>, ordered by **${h.by}**<#if h.orderNote?has_content> (commits in ${h.orderNote})</#if>. The load at start is the machine's load average over a minute when the run began: other work on the machine is noise in every time.

| run | scenario and settings | started (UTC) | commit | machine kernel | labels | load at start |
|---|---|---|---|---|---|---:|
<#list h.runs as r>
| ${r.name} | ${r.group} | ${r.started} | ${r.commit} | ${r.kernel} | ${r.labels} | ${r.load} |
</#list>

<#if h.apart?has_content>
**Kept apart:**

| run | why |
|---|---|
<#list h.apart as a>
| ${a.run} | ${a.reason} |
</#list>
<#else>
Every run shares the same scenario and settings.
</#if>

## Change points, newest first

<#if h.changes?has_content>
| series | metric | from | first run after / last run before | runs before / after | before | after | ratio [95 % CI] | p | q | units | verdict |
|---|---|---|---|---:|---:|---:|---:|---:|---:|---|---|
<#list h.changes as c>
| ${c.where} | ${c.metric} | ${c.at} | ${c.after} / ${c.before} | ${c.runsBefore} / ${c.runsAfter} | ${c.meanBefore} | ${c.meanAfter} | ${c.ratio} | ${c.p} | ${c.q} | ${c.units} | ${c.verdict} |
</#list>
<#else>
No change point in any series.
</#if>

## Method

${h.method}

${h.tested} tests entered the false-discovery control.

## Charts

Grey dots: every repetition; dark dots and line: each run's mean; orange bars: each segment's mean between change points; dashed lines: change points (red worse, green better, blue changed), labelled with the ratio after / before.  Charted: every series with a change point and every elapsed time (at most 60 charts), in series order.

<#list h.charted as s>
![${s.where} ${s.metric}](${s.chartFile})

</#list>
## Every series

| id | series | metric | direction | runs | change points |
|---|---|---|---|---:|---:|
<#list h.series as s>
| ${s.id} | ${s.where} | ${s.metric}<#if s.unit?has_content> (${s.unit})</#if> | ${s.direction} | ${s.runs} | ${s.changes} |
</#list>

The repetitions of every series are in history.json.
