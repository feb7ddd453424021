<#-- Parsed figures, Markdown: the tools' own figures (fio, dd, a scenario's parse:), one table per step and group. -->
<#if figures.tables?has_content>

## Parsed figures

${figures.method}
<#list figures.tables as f>

### ${f.title}

<@t.places f.groups f.columns />
| figure | unit | combined |<#list f.columns as c> ${c} |</#list>
|---|---|---|<#list f.columns as c>--:|</#list>
<#list f.rows as row>
| ${row.figure} | ${row.unit} | ${row.combined} |<#list row.cells as c> <#if c.mark == "best">**${c.text}** (best)<#else>${c.text}<#if c.rel?has_content> ${c.rel}</#if><#if c.mark == "≈"> ≈</#if></#if><#if c.n?has_content> <sub>${c.n}</sub></#if> |</#list>
</#list>
</#list>
</#if>
