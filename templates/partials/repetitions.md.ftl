<#-- Repetitions, Markdown: per series of an adaptive repeat, what ended its rounds. -->
<#if repetitions?has_content>

## Repetitions

Rounds of repetitions were added while a series missed its target, up to the repeat's max and within its budget. Precision: the half-width of the 95 % interval of the series' mean real time, over the mean.

| cell | step | n | precision | CV | ended by |
|---|---|--:|--:|--:|---|
<#list repetitions as r>
| ${r.cell} | ${r.step} | ${r.n} | ${r.precision} | ${r.cv} | ${r.ended} |
</#list>
</#if>
