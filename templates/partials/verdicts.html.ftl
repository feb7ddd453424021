<#-- The verdicts of the source's findings, HTML: the report's first section when the run's source has findings. -->
<#if verdicts.present>
<section id="verdicts">
<h2>Against the source</h2>
<p class="headline"><strong>${verdicts.headline}</strong></p>
<p class="meta">Findings from <code>${verdicts.from}</code>; every verdict is also in <a href="${verdicts.jsonFile}">${verdicts.jsonFile}</a>.</p>
<div class="scroll"><table class="verdicts">
<thead><tr><th>finding</th><th>source</th><th>source ratio</th><th>fsflow (mean ± 95 % CI)</th><th>fsflow ratio [95 % CI]</th><th>q</th><th>verdict</th><th>why</th><th>known explanation</th></tr></thead>
<tbody>
<#list verdicts.rows as v>
<tr class="${v.kind}"><th>${v.id}<br><span class="meta">${v.what}</span><br><span class="source">${v.cite}</span></th><td>${v.source}</td><td class="num">${v.sourceRatio}</td><td>${v.fsflow}</td><td class="num">${v.ratio}</td><td class="num">${v.q}</td><td class="verdict">${v.verdict}<br><span class="meta">${v.findingClass}; ${v.test}</span></td><td><#if v.findingClass != "testable"><em>${v.findingClass}</em>: ${v.classWhy}. </#if>${v.reason}</td><td>${v.explanation}</td></tr>
</#list>
</tbody>
</table></div>
<p class="meta">${verdicts.method}</p>
</section>
</#if>
