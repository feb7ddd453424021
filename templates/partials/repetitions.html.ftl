<#-- Repetitions, HTML: per series of an adaptive repeat, what ended its rounds. -->
<#if repetitions?has_content>
<section id="repetitions">
<h2>Repetitions</h2>
<p class="meta">Rounds of repetitions were added while a series missed its target, up to the repeat's max and within its budget. Precision: the half-width of the 95 % interval of the series' mean real time, over the mean.</p>
<div class="scroll"><table>
<thead><tr><th>cell</th><th>step</th><th>n</th><th>precision</th><th>CV</th><th>ended by</th></tr></thead>
<tbody>
<#list repetitions as r>
<tr><td>${r.cell}</td><td>${r.step}</td><td class="num">${r.n}</td><td class="num">${r.precision}</td><td class="num">${r.cv}</td><td>${r.ended}</td></tr>
</#list>
</tbody>
</table></div>
</section>
</#if>
