<#-- Tables of the HTML report. Wide tables scroll sideways inside div.scroll instead of being cut; columns measured
     in different places (host kernel, guest kernel and virtualization) sit under one group header each. -->
<#macro groupRow groups>
<#if groups?has_content><tr><th></th><#list groups as g><th class="place" colspan="${g.span}">${g.label}</th></#list></tr></#if>
</#macro>

<#macro metricTable table columns groups>
<h3>${table.title}</h3>
<div class="scroll"><table>
<thead><@groupRow groups /><tr><th>step</th><#list columns as c><th>${c}</th></#list></tr></thead>
<tbody>
<#list table.rows as row>
<tr><th>${row.step}</th><#list row.cells as c><td class="num<#if c.mark == "best"> best</#if>">${c.text}<#if c.mark == "best"><span class="badge best-badge">best</span></#if><#if c.rel?has_content><span class="rel">${c.rel}</span></#if><#if c.mark == "≈"><span class="badge tie" title="not significantly different from the best (Welch's t-test, 5 %)">≈</span></#if><#if c.n?has_content><span class="n">${c.n}</span></#if></td></#list></tr>
</#list>
</tbody>
</table></div>
</#macro>

<#macro plainTable rows columns groups>
<div class="scroll"><table>
<thead><@groupRow groups /><tr><th>step</th><#list columns as c><th>${c}</th></#list></tr></thead>
<tbody><#list rows as row><tr><th>${row.step}</th><#list row.cells as c><td class="num">${c}</td></#list></tr></#list></tbody>
</table></div>
</#macro>

<#macro bonnieTable b>
<div class="scroll"><table>
<thead>
<tr><th rowspan="3">filesystem</th><th rowspan="3">runs</th><#list b.headers as h><#if h.first><th colspan="${h.span}">${h.group}</th></#if></#list></tr>
<tr><#list b.headers as h><th colspan="2">${h.test}</th></#list></tr>
<tr><#list b.headers as h><th>${h.unit}</th><th>% CPU</th></#list></tr>
</thead>
<tbody>
<#list b.lines as l>
<#if l.placeStart><tr><th class="place" colspan="${2 + 2 * b.headers?size}">${l.place}</th></tr></#if>
<tr><th<#if l.latencies?has_content> rowspan="2"</#if>>${l.filesystem}</th><td class="num"<#if l.latencies?has_content> rowspan="2"</#if>>${l.n}</td><#list l.cells as c><td class="num">${c}</td></#list></tr>
<#if l.latencies?has_content><tr><#list l.latencies as lat><td class="num" colspan="2">${lat}</td></#list></tr></#if>
</#list>
</tbody>
</table></div>
</#macro>
