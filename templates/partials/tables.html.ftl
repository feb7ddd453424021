<#-- Tables of the HTML report. -->
<#macro metricTable table columns>
<h3>${table.title}</h3>
<table>
<thead><tr><th>step</th><#list columns as c><th>${c}</th></#list></tr></thead>
<tbody>
<#list table.rows as row>
<tr><th>${row.step}</th><#list row.cells as c><td class="num<#if c.mark == "best"> best</#if>">${c.text}<#if c.mark == "best"><span class="badge best-badge">best</span></#if><#if c.rel?has_content><span class="rel">${c.rel}</span></#if><#if c.mark == "≈"><span class="badge tie" title="not significantly different from the best (Welch's t-test, 5 %)">≈</span></#if><#if c.n?has_content><span class="n">${c.n}</span></#if></td></#list></tr>
</#list>
</tbody>
</table>
</#macro>

<#macro plainTable rows columns>
<table>
<thead><tr><th>step</th><#list columns as c><th>${c}</th></#list></tr></thead>
<tbody><#list rows as row><tr><th>${row.step}</th><#list row.cells as c><td class="num">${c}</td></#list></tr></#list></tbody>
</table>
</#macro>
