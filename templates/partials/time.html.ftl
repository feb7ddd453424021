<#-- Where the time went, HTML: per place and in all, each phase's seconds and share of the wall time. -->
<#if time.present>
<section id="time">
<h2>Where the time went</h2>
<p class="meta">${time.wall}</p>
<#list time.notes as n>
<p class="meta">${n}</p>
</#list>
<#list time.tables as t>
<h3>${t.total?then("All places", "At " + t.place)}</h3>
<div class="scroll"><table>
<thead><tr><th>phase</th><th>seconds</th><th>share of wall time</th></tr></thead>
<tbody>
<#list t.rows as r>
<tr<#if r.sum> class="sum"</#if>><td>${r.phase}</td><td class="num">${r.seconds}</td><td class="num">${r.share}</td></tr>
</#list>
</tbody>
</table></div>
</#list>
</section>
</#if>
