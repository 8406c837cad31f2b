// WebFetch costs that are ours, not the network's: HTML → Markdown of a large documentation page,
// the address check per resolved address, and a whole WebFetch round trip against a local server
// (uncached and cached; the condensing request goes to an in-process scripted model).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createScriptedClient } from "../src/providers/scripted.js";
import { createFileStateStore } from "../src/tools/file-state.js";
import { checkAddress } from "../src/tools/web/address-policy.js";
import { htmlToMarkdown } from "../src/tools/web/html-to-markdown.js";
import { createWebFetchTool } from "../src/tools/web/web-fetch.js";
import { plainLauncher } from "../test/support/no-sandbox.js";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeIt(runs: number, action: () => void): number {
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    action();
    times.push(performance.now() - started);
  }
  return median(times);
}

const section = (index: number) =>
  `<h2 id="s${index}">Section ${index}</h2><p>Call <code>api.method${index}(options)</code> with <a href="/docs/s${index}">options</a> and <em>care</em>.</p>
<pre><code class="language-ts">const result = await api.method${index}({ retries: ${index % 5}, timeout: 30_000 });\nconsole.log(result);</code></pre>
<table><tr><th>option</th><th>default</th><th>meaning</th></tr><tr><td>retries</td><td>3</td><td>how often</td></tr><tr><td>timeout</td><td>30 s</td><td>how long</td></tr></table>
<ul><li>first point about ${index}</li><li>second point with <strong>bold</strong> text</li></ul>`;
const nav = `<nav>${Array.from({ length: 300 }, (_, index) => `<a href="/p${index}">Page ${index}</a>`).join(" ")}</nav>`;
const page = `<!doctype html><html><head><title>API reference</title><script>${"x=1;".repeat(20_000)}</script></head><body>${nav}<main>${Array.from({ length: 600 }, (_, index) => section(index)).join("\n")}</main><footer>footer</footer></body></html>`;

const converted = htmlToMarkdown(page, "https://docs.example.com/api/");
const convertMs = timeIt(9, () => htmlToMarkdown(page, "https://docs.example.com/api/"));
console.log(
  `HTML → Markdown: ${(page.length / 1024).toFixed(0)} KB page → ${(converted.markdown.length / 1024).toFixed(0)} KB Markdown in ${convertMs.toFixed(1)} ms (median of 9)`,
);

const addresses = [
  "93.184.216.34",
  "10.0.0.1",
  "::ffff:127.0.0.1",
  "2606:4700::1111",
  "64:ff9b::a00:1",
  "169.254.169.254",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "fd00:ec2::254",
];
const checks = 100_000;
const checkMs = timeIt(5, () => {
  for (let index = 0; index < checks; index++) checkAddress(addresses[index % addresses.length]!);
});
console.log(
  `address check: ${((checkMs * 1000) / checks).toFixed(2)} µs per address (median of 5 × ${checks})`,
);

const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(page);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
const runs = 15;
const client = createScriptedClient({
  script: Array.from({ length: runs * 2 + 2 }, () => ({ text: "answer" })),
  record: false,
});
const context = {
  cwd: process.cwd(),
  homeDir: process.cwd(),
  signal: new AbortController().signal,
  sessionId: "bench",
  toolUseId: "bench",
  launcher: plainLauncher(),
  containment: "none" as const,
  shell: { cwd: process.cwd(), env: {} },
  files: createFileStateStore(),
};
const uncached: number[] = [];
const cached: number[] = [];
for (let index = 0; index < runs; index++) {
  const tool = createWebFetchTool({ condenser: () => client, allowPrivateNetwork: true });
  const url = `http://127.0.0.1:${port}/api?run=${index}`;
  let started = performance.now();
  await tool.execute({ url, prompt: "list the methods" }, context);
  uncached.push(performance.now() - started);
  started = performance.now();
  await tool.execute({ url, prompt: "another question" }, context);
  cached.push(performance.now() - started);
}
server.close();
console.log(
  `WebFetch round trip (local server, ${(page.length / 1024).toFixed(0)} KB page, in-process model): ${median(uncached).toFixed(1)} ms uncached, ${median(cached).toFixed(2)} ms cached (median of ${runs})`,
);
