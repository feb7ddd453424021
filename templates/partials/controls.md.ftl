<#-- Control-cell agreement, Markdown: after the verdicts, when a guest has control cells. -->
<#if controls.present>
<#list controls.places as p>
**Guest against host: ${p.headline}.**

| step | where | control types | host ratio [95 % CI] | guest ratio [95 % CI] | ranking |
|---|---|---|--:|--:|---|
<#list p.rows as r>
| ${r.step} | ${r.where} | ${r.pair} | ${r.host} | ${r.guest} | **${r.agreement}** |
</#list>

</#list>
${controls.method}

</#if>
