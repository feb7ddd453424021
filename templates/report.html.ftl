<#-- fsflow HTML report: one self-contained file (inline CSS and SVG, no script, no network). The data model is
     org.fsflow.report.ReportModel, listed in templates/README.md.
     Auto-escaping is on: every ${...} is text. Only the charts, drawn and escaped by fsflow, are inserted as markup. -->
<#import "partials/tables.html.ftl" as t>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.7rem; margin-bottom: .2rem; } h2 { margin-top: 2.4rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; } h3 { font-size: 1.05rem; margin-top: 1.4rem; }
.meta, .source { color: #555; } .source { font-style: italic; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .88rem; }
.scroll { overflow-x: auto; max-width: 100%; } .scroll > table { margin-top: 0; }
thead th.place { background: #e4ecf7; text-align: center; } tbody th.place { background: #e4ecf7; text-align: left; }
th, td { border: 1px solid #d0d0d0; padding: .25rem .55rem; text-align: left; vertical-align: top; }
thead th { background: #f2f2f2; } tbody th { font-weight: 600; background: #fafafa; white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
table.verdicts tbody th, table.controls tbody th { white-space: normal; min-width: 14rem; max-width: 24rem; } table.verdicts td { min-width: 6rem; } table.verdicts td:nth-child(4) { min-width: 11rem; } table.verdicts td:nth-child(7) { min-width: 12rem; } table.verdicts td:nth-child(9), table.verdicts td:nth-child(10) { min-width: 20rem; }
tr.sum td { font-weight: 600; border-top: 2px solid #999; } td.best { background: #e8f5e9; } .badge { font-size: .72rem; padding: 0 .3rem; border-radius: .2rem; margin-left: .25rem; }
.best-badge { background: #2e7d32; color: #fff; } .cond { display: inline-block; font-size: .78rem; padding: .05rem .45rem; border-radius: .7rem; background: #e4ecf7; color: #1a3e6e; margin: 0 .3rem .2rem 0; } p.answer { max-width: 62rem; } figure.forest { margin: .4rem 0 1rem; } .tie { background: #fff3cd; color: #6b5300; }
.rel { color: #555; font-size: .8rem; margin-left: .25rem; } .n { color: #888; font-size: .72rem; margin-left: .25rem; }
.warnings { background: #fff8e1; border: 1px solid #f0c36d; padding: .6rem 1rem .6rem 2rem; }
.warnings li { margin: .2rem 0; } .ok { color: #2e7d32; }
code, .cmd { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .8rem; word-break: break-all; }
details summary { cursor: pointer; font-weight: 600; margin: .6rem 0; }
nav ul { columns: 2; } svg { max-width: 100%; height: auto; }
tr.reproduced .verdict { background: #e8f5e9; color: #1b5e20; font-weight: 600; } tr.direction-only .verdict { background: #fff3cd; color: #6b5300; font-weight: 600; }
tr.contradicted .verdict, tr.untrusted .verdict { background: #fdecea; color: #b71c1c; font-weight: 600; } tr.agrees .verdict { color: #1b5e20; font-weight: 600; } tr.undecided .verdict { color: #555; } tr.inconclusive .verdict { color: #555; font-weight: 600; } .headline { font-size: 1.15rem; }
@media print { body { margin: 0; max-width: none; } details { display: block; } details > summary { display: none; } h2 { break-before: auto; } table, svg { break-inside: avoid; } }
</style>
</head>
<body>
<header>
<h1>${title}</h1>
<#include "partials/verdicts.html.ftl">
<#include "partials/controls.html.ftl">
<#if source?has_content><p class="source">Source: ${source}</p></#if>
<#if description?has_content><p>${description}</p></#if>
<#if answer?has_content>
<p class="headline"><strong>${answer}</strong></p>
</#if>
<p class="meta">Scenario <code>${scenario}</code>, ${measurements} measurements. Rendered by fsflow from <code>results.jsonl</code> and <code>environment.json</code>; every measurement is in <a href="${csv}">${csv}</a> and <a href="results.jsonl">results.jsonl</a>; the rows worth a look are at the end of this page.</p>
<#if provenance?has_content><p class="meta provenance">Made by<#list provenance as p> ${p.label} <code>${p.value}</code><#sep>;</#sep></#list>.</p>
</#if>
</header>
<nav><ul>
<#if verdicts.present><li><a href="#verdicts">Against the source</a></li></#if>
<#if controls.present><li><a href="#controls">Guest against host</a></li></#if>
<li><a href="#method">Method and warnings</a></li>
<li><a href="#conditions">Conditions</a></li><#if repetitions?has_content>
<li><a href="#repetitions">Repetitions</a></li></#if><#if time.present>
<li><a href="#time">Where the time went</a></li></#if><#if aging.present>
<li><a href="#aging">Aging</a></li></#if>
<#list datasets as d><li><a href="#${d.anchor}">Dataset ${d.name}</a></li></#list>
<#if crash.present><li><a href="#crash">Crash recovery</a></li></#if><#if figures.tables?has_content><li><a href="#figures">Parsed figures</a></li></#if><#if bonnie?has_content><li><a href="#bonnie">bonnie++</a></li></#if>
<#if capacity?has_content><li><a href="#capacity">Capacity after mkfs</a></li></#if>
<#if skipped?has_content || failed?has_content><li><a href="#not-measured">Skipped and failed</a></li></#if>
<li><a href="#raw">Rows worth a look</a></li>
</ul></nav>

<section id="method">
<h2>Method and warnings</h2>
<p>${method}</p>
<#if warnings?has_content>
<ul class="warnings"><#list warnings as w><li>${w}</li></#list></ul>
<#else>
<p class="ok">No method warning.</p>
</#if>
</section>

<#include "partials/conditions.html.ftl">
<#include "partials/repetitions.html.ftl">
<#include "partials/time.html.ftl">
<#include "partials/aging.html.ftl">

<#list datasets as d>
<section id="${d.anchor}">
<h2>Dataset ${d.name}</h2>
<#if d.info?has_content><p>${d.info}</p></#if>
<#list d.charts as c>${c.svg?no_esc}</#list>
<#list d.tables as table><@t.metricTable table d.columns d.groups /></#list>
<h3>${d.io.title}</h3>
<@t.plainTable d.io.rows d.columns d.groups />
<#if d.cache??>
<h3>${d.cache.title}</h3>
<@t.plainTable d.cache.rows d.columns d.groups />
</#if>
<#if d.overTime?has_content>
<h3>Over time</h3>
<#list d.overTime as c>${c.svg?no_esc}</#list>
</#if>
</section>
</#list>

<#include "partials/crash.html.ftl">
<#include "partials/figures.html.ftl">
<#if bonnie?has_content>
<section id="bonnie">
<h2>bonnie++</h2>
<p class="meta">Laid out like bon_csv2html; each cell is the mean over the runs ± the half-width of its 95 % confidence interval (as every ± of this report); +++++ : too fast to measure (file too small for this RAM; for the file tests, too few files): every run of that test took under 0.5 s; "(+k × +++++)": k more runs were, and are left out of the mean.</p>
<#list bonnie as b>
<h3>${b.title}</h3>
<#list b.charts as c>${c.svg?no_esc}</#list>
<@t.bonnieTable b />
</#list>
</section>
</#if>

<#if capacity?has_content>
<section id="capacity">
<h2>Capacity after mkfs</h2>
<div class="scroll"><table><thead><tr><th>filesystem</th><th>device</th><th>filesystem size</th><th>available</th><th>usable</th><th>inodes</th><th>n</th></tr></thead>
<tbody><#list capacity as c><tr><th>${c.filesystem}</th><td class="num">${c.device}</td><td class="num">${c.size}</td><td class="num">${c.available}</td><td class="num">${c.usable}</td><td class="num">${c.inodes}</td><td class="num">${c.n}</td></tr></#list></tbody></table></div>
<p class="meta">Usable: space available to users right after mkfs, over the device size.</p>
</section>
</#if>

<#if skipped?has_content || failed?has_content>
<section id="not-measured">
<h2>Skipped and failed</h2>
<#if skipped?has_content>
<table><thead><tr><th>cell</th><th>steps</th><th>reason</th></tr></thead>
<tbody><#list skipped as s><tr><th>${s.cell}</th><td class="num">${s.steps}</td><td>${s.reason}</td></tr></#list></tbody></table>
</#if>
<#if failed?has_content>
<table><thead><tr><th>node</th><th>status</th><th>reason</th></tr></thead>
<tbody><#list failed as f><tr><th>${f.node}</th><td>${f.status}</td><td>${f.reason}</td></tr></#list></tbody></table>
<#if failedCount gt failed?size><p class="meta">The first ${failed?size} of the ${failedCount} steps that failed or timed out; every one is in <a href="${csv}">${csv}</a>.</p></#if>
</#if>
</section>
</#if>

<section id="raw">
<h2>Rows worth a look</h2>
<p class="meta">Every measurement is in <a href="${csv}">${csv}</a> and <a href="results.jsonl">results.jsonl</a>; <#if notable == 0>none failed and no real time is an outlier of its series (modified z-score above 3.5).<#else>shown here <#if notable == 1>is the one<#else>are the ${notable}</#if> that failed or whose real time is an outlier of its series (modified z-score above 3.5)<#if notable gt raw?size>, the first ${raw?size}</#if>.</#if></p>
<#if raw?has_content>
<div class="scroll"><table><thead><tr><th>node</th><th>why</th><th>status</th><th>real s</th><th>user s</th><th>sys s</th><th>CPU</th><th>max RSS</th><th>command</th><th>reason</th></tr></thead>
<tbody><#list raw as r><tr><th>${r.node}</th><td>${r.why}</td><td>${r.status}</td><td class="num">${r.real}</td><td class="num">${r.user}</td><td class="num">${r.sys}</td><td class="num">${r.cpu}</td><td class="num">${r.rss}</td><td class="cmd">${r.command}</td><td>${r.reason}</td></tr></#list></tbody></table></div>
</#if>
</section>
</body>
</html>
