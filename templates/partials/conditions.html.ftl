<#-- The conditions of the run: what a reviewer needs to judge and reproduce the numbers. -->
<section id="conditions">
<h2>Conditions</h2>
<table><tbody><#list conditions as c><tr><th>${c.label}</th><td>${c.value}</td></tr></#list></tbody></table>
<#if devices?has_content>
<h3>Devices</h3>
<table><thead><tr><th>device</th><th>kind</th><th>size</th><th>where</th><th>on</th><th>model</th><th>rotational</th><th>direct I/O</th></tr></thead>
<tbody><#list devices as d><tr><th>${d.name}</th><td>${d.kind}</td><td class="num">${d.size}</td><td class="cmd">${d.where}</td><td class="cmd">${d.backing}</td><td>${d.model}</td><td>${d.rotational}</td><td>${d.directIo}</td></tr></#list></tbody></table>
</#if>
<#if tools?has_content>
<h3>Tool versions</h3>
<table><tbody><#list tools as t><tr><th>${t.label}</th><td>${t.value}</td></tr></#list></tbody></table>
</#if>
<#if settings?has_content>
<details><summary>Every effective setting</summary>
<table><tbody><#list settings as s><tr><th>${s.label}</th><td class="cmd">${s.value}</td></tr></#list></tbody></table>
</details>
</#if>
</section>
