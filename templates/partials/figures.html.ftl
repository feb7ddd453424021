<#-- Parsed figures, HTML: the tools' own figures (fio, dd, a scenario's parse:), one table per step and group. -->
<#if figures.tables?has_content>
<section id="figures">
<h2>Parsed figures</h2>
<p class="meta">${figures.method}</p>
<#list figures.tables as f>
<h3 id="${f.anchor}">${f.title}</h3>
<div class="scroll"><table>
<thead><#if f.groups?has_content><tr><th colspan="3"></th><#list f.groups as g><th class="place" colspan="${g.span}">${g.label}</th></#list></tr></#if><tr><th>figure</th><th>unit</th><th>combined</th><#list f.columns as c><th>${c}</th></#list></tr></thead>
<tbody>
<#list f.rows as row>
<tr><th title="${row.key}: ${row.meaning}">${row.figure}</th><td>${row.unit}</td><td>${row.combined}</td><#list row.cells as c><td class="num<#if c.mark == "best"> best</#if>">${c.text}<#if c.mark == "best"><span class="badge best-badge">best</span></#if><#if c.rel?has_content><span class="rel">${c.rel}</span></#if><#if c.mark == "≈"><span class="badge tie" title="not significantly different from the best">≈</span></#if><#if c.n?has_content><span class="n">${c.n}</span></#if></td></#list></tr>
</#list>
</tbody>
</table></div>
</#list>
</section>
</#if>
