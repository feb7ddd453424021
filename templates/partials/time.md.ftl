<#-- Where the time went, Markdown: per place and in all, each phase's seconds and share of the wall time. -->
<#if time.present>

## Where the time went

${time.wall}
<#list time.notes as n>

${n}
</#list>
<#list time.tables as t>

### ${t.total?then("All places", "At " + t.place)}

| phase | seconds | share of wall time |
|---|--:|--:|
<#list t.rows as r>
<#if r.sum>
| **${r.phase}** | **${r.seconds}** | **${r.share}** |
<#else>
| ${r.phase} | ${r.seconds} | ${r.share} |
</#if>
</#list>
</#list>
</#if>
