<#-- Control-cell agreement, HTML: after the verdicts, when a guest has control cells. -->
<#if controls.present>
<section id="controls">
<h2>Guest against host</h2>
<#list controls.places as p>
<p class="headline"><strong>${p.headline}</strong></p>
<div class="scroll"><table class="controls">
<thead><tr><th>step</th><th>where</th><th>control types</th><th>host ratio [95 % CI]</th><th>guest ratio [95 % CI]</th><th>ranking</th></tr></thead>
<tbody>
<#list p.rows as r>
<tr class="${r.kind}"><th>${r.step}</th><td>${r.where}</td><td>${r.pair}</td><td class="num">${r.host}</td><td class="num">${r.guest}</td><td class="verdict">${r.agreement}</td></tr>
</#list>
</tbody>
</table></div>
</#list>
<p class="meta">${controls.method}</p>
</section>
</#if>
