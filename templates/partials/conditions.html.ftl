<#-- The conditions of the run: what a reviewer needs to judge and reproduce the numbers. -->
<section id="conditions">
<h2>Conditions</h2>
<h3>What ran<#if sourced>, beside the source</#if></h3>
<p class="meta">Generated from the run's own records (environment.json and the commands in results.jsonl), never from the scenario's prose.</p>
<div class="scroll"><table class="ran"><thead><tr><th></th><th>this run</th><#if sourced><th>the source</th></#if></tr></thead>
<tbody><#list ran as f><tr><th>${f.label}</th><td>${f.run}</td><#if sourced><td>${f.source}</td></#if></tr></#list></tbody></table></div>
<h3>The machine and fsflow</h3>
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
