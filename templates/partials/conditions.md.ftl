<#-- The conditions of the run, Markdown. -->
## Conditions

### What ran<#if sourced>, beside the source</#if>

Generated from the run's own records (environment.json and the commands in results.jsonl), never from the scenario's prose.

| | this run |<#if sourced> the source |</#if>
|---|---|<#if sourced>---|</#if>
<#list ran as f>
| ${f.label} | ${f.run} |<#if sourced> ${f.source} |</#if>
</#list>

### The machine and fsflow

| | |
|---|---|
<#list conditions as c>
| ${c.label} | ${c.value} |
</#list>
<#if devices?has_content>

### Devices

| device | kind | size | where | on | model | rotational | direct I/O |
|---|---|--:|---|---|---|---|---|
<#list devices as d>
| ${d.name} | ${d.kind} | ${d.size} | ${d.where} | ${d.backing} | ${d.model} | ${d.rotational} | ${d.directIo} |
</#list>
</#if>
<#if tools?has_content>

### Tool versions

| tool | version |
|---|---|
<#list tools as t>
| ${t.label} | ${t.value} |
</#list>
</#if>
