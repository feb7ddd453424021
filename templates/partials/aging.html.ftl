<#-- Aging, HTML: before the datasets, when the run has aged cells. -->
<#if aging.present>
<section id="aging">
<h2>Aging</h2>
<p>What each aging did and left (once per aged cell, before its first repetition; not a measured step):</p>
<div class="scroll"><table class="aging">
<thead><tr><th>aged cell</th><th>aging time</th><th>operations</th><th>written</th><th>fullness</th><th>files</th><th>extents per file</th><th>fragmented files</th><th>free extents</th><th>free space in extents &lt; 1 MiB</th><th>fingerprint</th></tr></thead>
<tbody>
<#list aging.states as s>
<tr><th>${s.cell}</th><td class="num">${s.seconds}</td><td>${s.operations}</td><td class="num">${s.written}</td><td class="num">${s.fullness}</td><td class="num">${s.files}</td><td class="num">${s.extents}</td><td class="num">${s.fragmented}</td><td class="num">${s.freeExtents}</td><td class="num">${s.freeSmall}</td><td><code>${s.fingerprint}</code></td></tr>
</#list>
</tbody>
</table></div>
<#if aging.penalties?has_content>
<h3>Aging penalty: aged against fresh, real time</h3>
<div class="scroll"><table class="aging-penalty">
<thead><tr><th>step</th><th>where</th><th>filesystem</th><th>fresh</th><th>aged</th><th>aged / fresh [95 % CI]</th><th></th></tr></thead>
<tbody>
<#list aging.penalties as r>
<tr class="${r.kind}"><th>${r.step}</th><td>${r.where}</td><td>${r.filesystem}</td><td class="num">${r.fresh}</td><td class="num">${r.aged}</td><td class="num">${r.penalty}</td><td class="verdict">${r.verdict}</td></tr>
</#list>
</tbody>
</table></div>
</#if>
<p class="meta">${aging.method}</p>
</section>
</#if>
