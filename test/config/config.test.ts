// The run's Config: every layer's permission rules with the file each came from, in layer order, the
// extra directories of every layer, and nothing in it can be changed afterwards (deeply frozen).
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { loadConfig } from "../../src/config/config.js";
import { createWorkspace } from "../support/workspace.js";

const home = createWorkspace({
  ".agents/settings.json": JSON.stringify({ permissions: { deny: ["Read(.env)"] } }),
});
const project = createWorkspace({
  ".claude/settings.json": JSON.stringify({
    permissions: { allow: ["Bash(npm test)"], additionalDirectories: ["../shared"] },
    model: "claude-model",
  }),
  ".agents/settings.local.json": JSON.stringify({
    permissions: { allow: ["Edit(src/**)"], ask: ["Bash(git push *)"], defaultMode: "acceptEdits" },
  }),
});
after(() => {
  home.cleanup();
  project.cleanup();
});

const load = () =>
  loadConfig({
    projectDir: project.dir,
    homeDir: home.dir,
    extra: ['{"permissions":{"deny":["Bash(rm *)"],"additionalDirectories":["/opt/data"]}}'],
  });

test("permission rules of every layer, with their source, in layer order", () => {
  const config = load();
  assert.deepEqual(config.permissions.rules, {
    allow: [
      { rule: "Bash(npm test)", source: ".claude/settings.json" },
      { rule: "Edit(src/**)", source: ".agents/settings.local.json" },
    ],
    deny: [
      { rule: "Read(.env)", source: "~/.agents/settings.json" },
      { rule: "Bash(rm *)", source: "--settings" },
    ],
    ask: [{ rule: "Bash(git push *)", source: ".agents/settings.local.json" }],
  });
  assert.deepEqual(config.permissions.additionalDirectories, ["../shared", "/opt/data"]);
  assert.equal(config.merged.permissions?.defaultMode, "acceptEdits");
  assert.equal(config.merged.model, "claude-model");
});

test("the config is deeply frozen: nothing downstream can change what the files said", () => {
  const config = load();
  const attempts: Array<[string, () => void]> = [
    ["a rule list", () => (config.permissions.rules.allow as unknown[]).push("Bash")],
    ["a merged scalar", () => Object.assign(config.merged, { model: "other" })],
    ["a layer's data", () => Object.assign(config.layers[0]!.data, { model: "other" })],
    ["a layer's rules", () => config.layers[1]!.data.permissions?.allow?.push("Bash")],
    ["the warnings", () => (config.warnings as string[]).push("x")],
  ];
  for (const [what, attempt] of attempts) assert.throws(attempt, TypeError, what);
  assert.equal(config.merged.model, "claude-model");
});
