// Which WebSearch backend a run gets, and what /status says about it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { loadConfig } from "../../../src/config/config.js";
import { readEnv } from "../../../src/config/env.js";
import { createScriptedClient } from "../../../src/providers/scripted.js";
import { createConnector } from "../../../src/tools/web/connector.js";
import { systemResolver } from "../../../src/tools/web/host-guard.js";
import { chooseWebSearch } from "../../../src/tools/web/web-search-backend.js";
import { tempFolder } from "../../support/temp-folder.js";

const dir = tempFolder("websearch");
const transport = { resolver: systemResolver, connector: createConnector(), userAgent: "t", timeoutMs: 1000 };

function choose(provider: string, vars: Record<string, string>, settings?: object) {
  return chooseWebSearch({
    settings: loadConfig({
      projectDir: dir,
      homeDir: dir,
      extra: settings ? [JSON.stringify(settings)] : [],
    }).merged.webSearch,
    env: readEnv({ HOME: dir, ...vars }, () => dir),
    provider,
    sessionModel: () => createScriptedClient({ script: [] }),
    transport,
  });
}

test("Anthropic models use the provider's search; other providers the first backend whose key is set", () => {
  assert.equal(choose("anthropic", {}).backend?.name, "anthropic");
  assert.equal(choose("openai", { BRAVE_API_KEY: "k", TAVILY_API_KEY: "t" }).backend?.name, "brave");
  assert.equal(choose("openai", { BRAVE_SEARCH_API_KEY: "k" }).backend?.name, "brave");
  assert.equal(choose("openai", { TAVILY_API_KEY: "t" }).backend?.name, "tavily");
  assert.equal(choose("openai", { SEARXNG_URL: "http://127.0.0.1:8888" }).backend?.name, "searxng");
  assert.equal(
    choose("openai", {}, { webSearch: { searxngUrl: "http://10.0.0.2:8080" } }).backend?.name,
    "searxng",
  );
});

test("an explicit provider wins; off turns it off; a missing key says what to set", () => {
  assert.equal(
    choose("anthropic", { BRAVE_API_KEY: "k" }, { webSearch: { provider: "brave" } }).backend?.name,
    "brave",
  );
  const off = choose("anthropic", {}, { webSearch: { provider: "off" } });
  assert.equal(off.backend, undefined);
  assert.match(off.status, /off \(webSearch\.provider is "off"\)/);
  const missing = choose("openai", {}, { webSearch: { provider: "anthropic" } });
  assert.equal(missing.backend, undefined);
  assert.match(missing.warning ?? "", /needs the Anthropic provider \(this run uses openai\)/);
});

test("/status without a backend says how to enable WebSearch; a bad SEARXNG_URL is named", () => {
  const none = choose("openai", {});
  assert.equal(none.backend, undefined);
  assert.match(none.status, /^off: set BRAVE_API_KEY, TAVILY_API_KEY or SEARXNG_URL/);
  const bad = choose("openai", { SEARXNG_URL: "searx.local:8080" });
  assert.equal(bad.backend, undefined);
  assert.match(bad.warning ?? "", /SEARXNG_URL=searx\.local:8080 is not an http\(s\) URL/);
});

test("webFetch.allowPrivateNetwork counts only from your own settings, not a shared project file", async () => {
  const { allowPrivateNetwork } = await import("../../../src/app/web-tools.js");
  const { mkdirSync, writeFileSync } = await import("node:fs");
  const project = tempFolder("private");
  mkdirSync(join(project, ".claude"));
  writeFileSync(join(project, ".claude", "settings.json"), '{"webFetch":{"allowPrivateNetwork":true}}');
  const shared = loadConfig({ projectDir: project, homeDir: dir });
  const warnings: string[] = [];
  assert.equal(allowPrivateNetwork(shared, warnings), false);
  assert.match(
    warnings[0] ?? "",
    /\.claude\/settings\.json: webFetch\.allowPrivateNetwork is ignored in a shared project file/,
  );
  writeFileSync(join(project, ".claude", "settings.local.json"), '{"webFetch":{"allowPrivateNetwork":true}}');
  assert.equal(allowPrivateNetwork(loadConfig({ projectDir: project, homeDir: dir }), []), true);
  const flag = loadConfig({
    projectDir: dir,
    homeDir: dir,
    extra: ['{"webFetch":{"allowPrivateNetwork":true}}'],
  });
  assert.equal(allowPrivateNetwork(flag, []), true);
});
