<#-- The crash cells (crash:): counts per class, recovery times, every violation with its replay command. -->
<#if crash.present>
<section id="crash">
<h2>Crash recovery</h2>
<p>${crash.method}</p>
<div class="scroll"><table><thead><tr><th>filesystem</th><th>workload</th><th>guest</th><th>points (of log entries)</th><#list crash.classes as c><th>${c}</th></#list><th>mount s, median</th><th>mount s, p99</th><th>check s, median</th><th>check s, p99</th><th>repaired</th><th>expected loss</th></tr></thead>
<tbody><#list crash.rows as r><tr><th>${r.filesystem}</th><td>${r.workload}</td><td>${r.kernel}</td><td class="num">${r.points}</td><#list r.counts as n><td class="num">${n}</td></#list><td class="num">${r.mountMedian}</td><td class="num">${r.mountP99}</td><td class="num">${r.checkMedian}</td><td class="num">${r.checkP99}</td><td class="num">${r.repairs}</td><td>${r.lost}</td></tr></#list></tbody></table></div>
<#if crash.notes?has_content><ul class="warnings"><#list crash.notes as n><li>${n}</li></#list></ul></#if>
<#if crash.violations?has_content>
<h3>Violations</h3>
<p>Every crash point where a file made durable was lost or damaged; each command, run as root from this report's directory, replays the kept write log to that point onto a fresh image (check it with the filesystem's own fsck, or mount it under the guest's kernel).</p>
<div class="scroll"><table><thead><tr><th>filesystem</th><th>workload</th><th>crash point</th><th>class</th><th>files</th><th>replay</th></tr></thead>
<tbody><#list crash.violations as v><tr><th>${v.filesystem}</th><td>${v.workload}</td><td>${v.point}</td><td>${v.crashClass}</td><td>${v.files}</td><td><code>${v.replay}</code></td></tr></#list></tbody></table></div>
<#else>
<p class="ok">No crash point lost or damaged a file made durable.</p>
</#if>
<#if crash.failed?has_content>
<table><thead><tr><th>crash cell that could not run</th><th>reason</th></tr></thead>
<tbody><#list crash.failed as f><tr><th>${f.cell}</th><td>${f.reason}</td></tr></#list></tbody></table>
</#if>
</section>
</#if>
