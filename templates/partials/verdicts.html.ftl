<#-- The verdicts of the source's findings, HTML: the report's first section when the run's source has findings. -->
<#if verdicts.present>
<section id="verdicts">
<h2>Against the source</h2>
<p class="headline"><strong>${verdicts.headline}</strong></p>
<#if verdicts.badges?has_content><p class="badges"><#list verdicts.badges as b><span class="cond">${b}</span> </#list></p>
</#if><#if verdicts.answer?has_content><p class="answer"><#list verdicts.answer as a>${a}<#sep> </#sep></#list></p>
</#if><#if verdicts.forest?has_content><figure class="forest">${verdicts.forest?no_esc}</figure>
</#if><p class="meta">Findings from <code>${verdicts.from}</code>; every verdict is also in <a href="${verdicts.jsonFile}">${verdicts.jsonFile}</a>.</p>
<div class="scroll"><table class="verdicts">
<thead><tr><th>finding</th><th>source</th><th>source ratio</th><th>fsflow (mean ± 95 % CI)</th><th>fsflow ratio [95 % CI]</th><th>q</th><th>detectable (80 % power); repetitions per side for ×1.1, ×1.2</th><th>verdict</th><th>why</th><th>known explanation</th></tr></thead>
<tbody>
<#list verdicts.rows as v>
<tr class="${v.kind}"><th>${v.id}<br><span class="meta">${v.what}</span><br><span class="source">${v.cite}</span></th><td>${v.source}</td><td class="num">${v.sourceRatio}</td><td>${v.fsflow}</td><td class="num">${v.ratio}</td><td class="num">${v.q}</td><td>${v.power}</td><td class="verdict">${v.verdict}<br><span class="meta">${v.findingClass}; ${v.test}</span></td><td><#if v.findingClass != "testable"><em>${v.findingClass}</em>: ${v.classWhy}. </#if>${v.reason}</td><td>${v.explanation}</td></tr>
</#list>
</tbody>
</table></div>
<p class="meta">${verdicts.method}</p>
</section>
</#if>
