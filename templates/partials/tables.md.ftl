<#-- Tables of the Markdown report. -->
<#macro metricTable table columns>
### ${table.title}

| step |<#list columns as c> ${c} |</#list>
|---|<#list columns as c>--:|</#list>
<#list table.rows as row>
| ${row.step} |<#list row.cells as c> <#if c.mark == "best">**${c.text}** (best)<#else>${c.text}<#if c.rel?has_content> ${c.rel}</#if><#if c.mark == "≈"> ≈</#if></#if><#if c.n?has_content> <sub>${c.n}</sub></#if> |</#list>
</#list>

</#macro>

<#macro plainTable rows columns>
| step |<#list columns as c> ${c} |</#list>
|---|<#list columns as c>--:|</#list>
<#list rows as row>
| ${row.step} |<#list row.cells as c> ${c} |</#list>
</#list>
</#macro>
