<#-- The verdicts of the source's findings, Markdown: the report's first section when the run's source has findings. -->
<#if verdicts.present>
**Against the source: ${verdicts.headline}.**

Findings from `${verdicts.from}`; every verdict is also in [${verdicts.jsonFile}](${verdicts.jsonFile}).

| finding | source | source ratio | fsflow (mean ± 95 % CI) | fsflow ratio [95 % CI] | q | verdict | why | known explanation |
|---|---|--:|---|--:|--:|---|---|---|
<#list verdicts.rows as v>
| **${v.id}**: ${v.what} (${v.cite}) | ${v.source} | ${v.sourceRatio} | ${v.fsflow} | ${v.ratio} | ${v.q} | **${v.verdict}** (${v.findingClass}; ${v.test}) | <#if v.findingClass != "testable">*${v.findingClass}*: ${v.classWhy}. </#if>${v.reason} | ${v.explanation} |
</#list>

${verdicts.method}

</#if>
