<#-- fsflow comparison report: one self-contained file (inline CSS and SVG, no script, no network).
     Auto-escaping is on: every ${...} is text. Only the chart, drawn and escaped by fsflow, is inserted as markup. -->
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${c.title}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 76rem; padding: 0 1rem; color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .86rem; }
th, td { border: 1px solid #d0d0d0; padding: .25rem .55rem; text-align: left; vertical-align: top; }
thead th { background: #f2f2f2; } td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.better { background: #e8f5e9; color: #1b5e20; } .worse { background: #ffebee; color: #b71c1c; } .changed { background: #e3f2fd; } .confounded { background: #eeeeee; color: #555; font-style: italic; }
.same, .untested { color: #666; } .meta { color: #555; font-size: 0.85rem; }
.confounders { background: #fff8e1; border: 1px solid #f0c36d; padding: .6rem 1rem; } .ok { color: #2e7d32; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .8rem; word-break: break-all; }
svg { max-width: 100%; height: auto; }
@media print { body { margin: 0; max-width: none; } table, svg { break-inside: avoid; } }
</style>
</head>
<body>
<h1>${c.title}</h1>
<table>
<thead><tr><th>run</th><th>scenario</th><th>first step started (UTC)</th><th class="num">measurements</th></tr></thead>
<tbody>
<#list c.runs as r><tr><td>${r.label}<#if r?is_first> (baseline)</#if></td><td>${r.scenario}</td><td>${r.started}</td><td class="num">${r.measurements}</td></tr>
</#list></tbody>
</table>

<section id="conditions">
<h2>What differs</h2>
<#if c.axis?has_content>
<p>The comparison is about <strong>${c.axis}</strong><#if c.axisFacts?has_content>:<#else>, but no recorded condition of that name differs between the runs.</#if></p>
<#else>
<p>No axis given (<code>--axis NAME</code>): every difference below is a confounder.</p>
</#if>
<#if c.axisFacts?has_content>
<table><thead><tr><th>axis</th><#list c.runs as r><th>${r.label}</th></#list></tr></thead><tbody>
<#list c.axisFacts as d><tr><td><code>${d.fact}</code></td><#list d.values as v><td>${v}</td></#list></tr>
</#list></tbody></table>
</#if>
<#if c.confounders?has_content>
<div class="confounders">
<p><strong>Confounders:</strong> ${c.confounders?size} other condition<#if c.confounders?size != 1>s</#if> differ between the runs; a change below may come from them rather than from the axis.</p>
<table><thead><tr><th>condition</th><#list c.runs as r><th>${r.label}</th></#list></tr></thead><tbody>
<#list c.confounders as d><tr><td><code>${d.fact}</code></td><#list d.values as v><td>${v}</td></#list></tr>
</#list></tbody></table>
</div>
<#else>
<p class="ok">No confounder: nothing else recorded differs between the runs.</p>
</#if>
</section>

<section id="summary">
<h2>Summary</h2>
<table>
<thead><tr><th>run</th><th>filesystem</th><th class="num">better</th><th class="num">worse</th><th class="num">no significant change</th><th class="num">changed (no direction)</th><th class="num">geometric mean, &gt; 1 better</th><th class="num">time ratio (geometric mean)</th></tr></thead>
<tbody>
<#list c.summaries as s><tr><td>${s.run}</td><td>${s.filesystem}</td><td class="num">${s.better}</td><td class="num">${s.worse}</td><td class="num">${s.same}</td><td class="num">${s.changed}</td><td class="num">${s.geomean}</td><td class="num">${s.timeGeomean}</td></tr>
</#list></tbody>
</table>
<p>The geometric mean takes every metric with a direction, each ratio turned so that above 1 is better; the time ratio is that of the elapsed times (other / baseline, below 1 is faster).</p>
<#if c.chart?has_content>${c.chart?no_esc}</#if>
</section>

<section id="method">
<h2>Method</h2>
<p>${c.method}</p>
<p>${c.tested} comparisons entered the false-discovery control.</p>
</section>

<section id="comparisons">
<h2>Comparisons</h2>
<table>
<thead><tr><th>cell / step</th><th>metric</th><th>run</th><th class="num">${c.baseline} (mean ± 95 % CI)</th><th class="num">run (mean ± 95 % CI)</th><th class="num">ratio [95 % CI]</th><th class="num">q</th><th>verdict</th><th>detectable (80 % power); repetitions per side for ×1.1, ×1.2</th></tr></thead>
<tbody>
<#list c.rows as r><tr><td>${r.where}</td><td><code>${r.metric}</code><#if r.unit?has_content> (${r.unit})</#if></td><td>${r.run}</td><td class="num">${r.base}</td><td class="num">${r.other}</td><td class="num">${r.ratio}</td><td class="num">${r.q}</td><td class="${r.mark}">${r.markText}<#if r.undecided?has_content><br><span class="meta">${r.undecided}</span></#if></td><td>${r.power}</td></tr>
</#list></tbody>
</table>
</section>

<section id="metrics">
<h2>Metrics</h2>
<table>
<thead><tr><th>metric</th><th>unit</th><th>better</th><th>meaning</th></tr></thead>
<tbody>
<#list c.metrics as m><tr><td><code>${m.pattern}</code></td><td>${m.unit}</td><td>${m.direction?lower_case?replace("_", " ")}</td><td>${m.meaning}</td></tr>
</#list></tbody>
</table>
</section>
</body>
</html>
