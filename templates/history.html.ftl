<#-- fsflow history report: one self-contained file (inline CSS and SVG, no script, no network).
     Auto-escaping is on: every ${...} is text. Only the charts, drawn and escaped by fsflow, are inserted as markup. -->
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h.title}</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 76rem; padding: 0 1rem; color: #1d1d1f; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ccc; padding-bottom: .2rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .86rem; }
th, td { border: 1px solid #d0d0d0; padding: .25rem .55rem; text-align: left; vertical-align: top; }
thead th { background: #f2f2f2; } td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.better { background: #e8f5e9; color: #1b5e20; } .worse { background: #ffebee; color: #b71c1c; } .changed { background: #e3f2fd; }
.apart { background: #fff8e1; border: 1px solid #f0c36d; padding: .6rem 1rem; } .ok { color: #2e7d32; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .8rem; word-break: break-all; }
svg { max-width: 100%; height: auto; }
@media print { body { margin: 0; max-width: none; } table, svg { break-inside: avoid; } }
</style>
</head>
<body>
<h1>${h.title}</h1>

<section id="runs">
<h2>Runs</h2>
<p>${h.runs?size} run<#if h.runs?size != 1>s</#if>, ordered by <strong>${h.by}</strong><#if h.orderNote?has_content> (commits in ${h.orderNote})</#if>. The load at start is the machine's load average over a minute when the run began: other work on the machine is noise in every time.</p>
<table>
<thead><tr><th>run</th><th>scenario and settings</th><th>started (UTC)</th><th>commit</th><th>machine kernel</th><th>labels</th><th class="num">load at start</th></tr></thead>
<tbody>
<#list h.runs as r><tr><td>${r.name}</td><td>${r.group}</td><td>${r.started}</td><td><code>${r.commit}</code></td><td>${r.kernel}</td><td>${r.labels}</td><td class="num">${r.load}</td></tr>
</#list></tbody>
</table>
<#if h.apart?has_content>
<div class="apart">
<p><strong>Kept apart:</strong></p>
<table><thead><tr><th>run</th><th>why</th></tr></thead><tbody>
<#list h.apart as a><tr><td>${a.run}</td><td>${a.reason}</td></tr>
</#list></tbody></table>
</div>
<#else>
<p class="ok">Every run shares the same scenario and settings.</p>
</#if>
</section>

<section id="changes">
<h2>Change points, newest first</h2>
<#if h.changes?has_content>
<table>
<thead><tr><th>series</th><th>metric</th><th>from</th><th>first run after / last run before</th><th class="num">runs before / after</th><th class="num">before</th><th class="num">after</th><th class="num">ratio [95 % CI]</th><th class="num">p</th><th class="num">q</th><th>units</th><th>verdict</th></tr></thead>
<tbody>
<#list h.changes as c><tr><td><a href="#${c.series}">${c.where}</a></td><td><code>${c.metric}</code></td><td>${c.at}</td><td>${c.after} / ${c.before}</td><td class="num">${c.runsBefore} / ${c.runsAfter}</td><td class="num">${c.meanBefore}</td><td class="num">${c.meanAfter}</td><td class="num">${c.ratio}</td><td class="num">${c.p}</td><td class="num">${c.q}</td><td>${c.units}</td><td class="${c.verdict}">${c.verdict}</td></tr>
</#list></tbody>
</table>
<#else>
<p class="ok">No change point in any series.</p>
</#if>
</section>

<section id="method">
<h2>Method</h2>
<p>${h.method}</p>
<p>${h.tested} tests entered the false-discovery control.</p>
</section>

<section id="charts">
<h2>Charts</h2>
<p>Grey dots: every repetition; dark dots and line: each run's mean; orange bars: each segment's mean between change points; dashed lines: change points (red worse, green better, blue changed), labelled with the ratio after / before. Charted: every series with a change point and every elapsed time (at most 60 charts), in series order.</p>
<#list h.charted as s>
<div id="${s.id}">${s.chart?no_esc}</div>
</#list>
</section>

<section id="series">
<h2>Every series</h2>
<table>
<thead><tr><th>id</th><th>series</th><th>metric</th><th>direction</th><th class="num">runs</th><th class="num">change points</th></tr></thead>
<tbody>
<#list h.series as s><tr><td>${s.id}</td><td>${s.where}</td><td><code>${s.metric}</code><#if s.unit?has_content> (${s.unit})</#if></td><td>${s.direction}</td><td class="num">${s.runs}</td><td class="num">${s.changes}</td></tr>
</#list></tbody>
</table>
<p>The repetitions of every series are in <code>history.json</code>.</p>
</section>
</body>
</html>
