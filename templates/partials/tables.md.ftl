<#-- Tables of the Markdown report. Markdown has no column groups: the places of the columns are listed above. -->
<#macro places groups columns>
<#if groups?has_content><#assign at = 0>Columns by place:<#list groups as g> ${g.label}: <#list columns[at..*g.span] as c>${c}<#sep>, </#sep></#list><#assign at = at + g.span><#sep>;</#sep></#list>.

</#if>
</#macro>

<#macro metricTable table columns groups>
### ${table.title}

<@places groups columns />
| step |<#list columns as c> ${c} |</#list>
|---|<#list columns as c>--:|</#list>
<#list table.rows as row>
| ${row.step} |<#list row.cells as c> <#if c.mark == "best">**${c.text}** (best)<#else>${c.text}<#if c.rel?has_content> ${c.rel}</#if><#if c.mark == "≈"> ≈</#if></#if><#if c.n?has_content> <sub>${c.n}</sub></#if> |</#list>
</#list>

</#macro>

<#macro plainTable rows columns groups>
<@places groups columns />
| step |<#list columns as c> ${c} |</#list>
|---|<#list columns as c>--:|</#list>
<#list rows as row>
| ${row.step} |<#list row.cells as c> ${c} |</#list>
</#list>
</#macro>
