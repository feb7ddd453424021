<#-- The verdicts of the source's findings, Markdown: the report's first section when the run's source has findings. -->
<#if verdicts.present>
**Against the source: ${verdicts.headline}.**
<#if verdicts.badges?has_content>

Conditions: <#list verdicts.badges as b>`${b}`<#sep> · </#sep></#list>
</#if><#if verdicts.answer?has_content>

<#list verdicts.answer as a>${a}<#sep> </#sep></#list>
</#if><#if verdicts.forest?has_content>

![fsflow's ratio of each testable finding against the source's](${verdicts.forestFile})
</#if>

Findings from `${verdicts.from}`; every verdict is also in [${verdicts.jsonFile}](${verdicts.jsonFile}).

| finding | source | source ratio | fsflow (mean ± 95 % CI) | fsflow ratio [95 % CI] | q | detectable (80 % power); repetitions per side for ×1.1, ×1.2 | verdict | why | known explanation |
|---|---|--:|---|--:|--:|---|---|---|---|
<#list verdicts.rows as v>
| **${v.id}**: ${v.what} (${v.cite}) | ${v.source} | ${v.sourceRatio} | ${v.fsflow} | ${v.ratio} | ${v.q} | ${v.power} | **${v.verdict}** (${v.findingClass}; ${v.test}) | <#if v.findingClass != "testable">*${v.findingClass}*: ${v.classWhy}. </#if>${v.reason} | ${v.explanation} |
</#list>

${verdicts.method}

</#if>
