<#-- The conditions of the run, Markdown. -->
## Conditions

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
