<#-- Aging, Markdown: before the datasets, when the run has aged cells. -->
<#if aging.present>
## Aging

What each aging did and left (once per aged cell, before its first repetition; not a measured step):

| aged cell | aging time | operations | written | fullness | files | extents per file | fragmented files | free extents | free space in extents < 1 MiB | fingerprint |
|---|--:|---|--:|--:|--:|--:|--:|--:|--:|---|
<#list aging.states as s>
| ${s.cell} | ${s.seconds} | ${s.operations} | ${s.written} | ${s.fullness} | ${s.files} | ${s.extents} | ${s.fragmented} | ${s.freeExtents} | ${s.freeSmall} | `${s.fingerprint}` |
</#list>

<#if aging.penalties?has_content>
### Aging penalty: aged against fresh, real time

| step | where | filesystem | fresh | aged | aged / fresh [95 % CI] | |
|---|---|---|--:|--:|--:|---|
<#list aging.penalties as r>
| ${r.step} | ${r.where} | ${r.filesystem} | ${r.fresh} | ${r.aged} | ${r.penalty} | **${r.verdict}** |
</#list>

</#if>
${aging.method}

</#if>
