// Folder trust, the pure parts: what counts as the folder's code-running configuration (and what
// not), the hash that changes with it, the withheld settings, and the trust record on disk.
import assert from "node:assert/strict";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { mergeLayers, type SettingsLayer } from "../../src/config/settings.js";
import { readTrust, trustFilePath, writeTrust } from "../../src/config/trust-store.js";
import { trustSubject, withholdFolderConfig } from "../../src/config/trust-subject.js";
import { createWorkspace } from "../support/workspace.js";

const home = createWorkspace();
after(() => home.cleanup());

const layer = (
  source: string,
  scope: SettingsLayer["scope"],
  data: Record<string, unknown>,
): SettingsLayer => ({
  source,
  scope,
  data,
});

const projectLayer = layer(".claude/settings.json", "project", {
  model: "x",
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", args: ["--strict"] }] },
    ],
  },
  permissions: {
    allow: ["Bash(npm test)"],
    deny: ["Read(.env)"],
    defaultMode: "acceptEdits",
    additionalDirectories: ["../shared"],
  },
  env: { API_BASE: "http://127.0.0.1:9" },
  disableAllHooks: true,
});

test("the subject lists the folder's hooks, allow rules, directories, widening mode, env, MCP servers and command allowed-tools", () => {
  const subject = trustSubject({
    layers: [
      layer("~/.claude/settings.json", "user", {
        hooks: { Stop: [{ hooks: [{ type: "command", command: "mine" }] }] },
      }),
      projectLayer,
    ],
    compactHooks: [layer(".agents/hooks.json", "project", { Stop: [{ command: "node stop.mjs" }] })],
    mcp: {
      source: ".mcp.json",
      servers: { db: { command: "db-mcp", args: ["-v"] }, web: { url: "https://x.example/mcp" } },
    },
    commands: [{ source: ".claude/commands/ship.md", name: "ship", rules: ["Bash(git push:*)"] }],
    agents: [
      {
        source: ".claude/agents/deployer.md",
        name: "deployer",
        hooks: { Stop: [{ hooks: [{ type: "command", command: "./notify.sh" }] }] },
      },
    ],
  });
  assert.deepEqual(
    subject.items.map((item) => `${item.source} | ${item.text}`),
    [
      '.claude/settings.json | PreToolUse hook [Bash]: ./guard.sh "--strict"',
      ".claude/settings.json | allow rule Bash(npm test)",
      ".claude/settings.json | additional directory ../shared",
      ".claude/settings.json | permission mode acceptEdits",
      ".claude/settings.json | env API_BASE=http://127.0.0.1:9",
      ".claude/settings.json | disableAllHooks: turns off every hook, yours too",
      ".agents/hooks.json | Stop hook: node stop.mjs",
      '.mcp.json | MCP server "db": db-mcp "-v"',
      '.mcp.json | MCP server "web": https://x.example/mcp',
      ".claude/agents/deployer.md | agent deployer: Stop hook: ./notify.sh",
      ".claude/commands/ship.md | /ship allowed-tools Bash(git push:*)",
    ],
    "user settings, deny rules and the model are not part of it",
  );
  assert.match(subject.hash, /^[0-9a-f]{64}$/);
  const again = trustSubject({ layers: [projectLayer], compactHooks: [] });
  const changedEnv = trustSubject({
    layers: [
      layer(".claude/settings.json", "project", { ...projectLayer.data, env: { API_BASE: "http://evil" } }),
    ],
    compactHooks: [],
  });
  assert.notEqual(again.hash, changedEnv.hash);
  const withDeny = trustSubject({
    layers: [
      layer(".claude/settings.json", "project", {
        ...projectLayer.data,
        permissions: { ...(projectLayer.data.permissions as object), deny: ["Bash"] },
      }),
    ],
    compactHooks: [],
  });
  assert.equal(again.hash, withDeny.hash, "narrowing the permissions does not ask again");
  const mcpChange = (token: string) =>
    trustSubject({
      layers: [],
      compactHooks: [],
      mcp: { source: ".mcp.json", servers: { db: { command: "db", env: { TOKEN: token } } } },
    }).hash;
  assert.notEqual(mcpChange("a"), mcpChange("b"), "a server's env is part of it");
});

test("withheld settings keep deny rules, the model and narrowing modes; drop the rest of the folder's layers", () => {
  const loaded = {
    layers: [
      layer("~/.agents/settings.json", "user", { env: { MINE: "1" }, permissions: { allow: ["Read"] } }),
      projectLayer,
    ],
    compactHooks: [layer(".agents/hooks.json", "project", {})],
    merged: mergeLayers([]),
    localSettingsPath: "/x",
    warnings: [],
  };
  const withheld = withholdFolderConfig(loaded);
  assert.deepEqual(withheld.layers[0], loaded.layers[0]);
  assert.deepEqual(withheld.layers[1]!.data, { model: "x", permissions: { deny: ["Read(.env)"] } });
  assert.deepEqual(withheld.compactHooks, []);
  assert.deepEqual(withheld.merged.env, { MINE: "1" });
  assert.equal(withheld.merged.model, "x");
});

test("the trust record: remembered by real path, private, forgotten on revoke; a damaged file trusts nothing", async () => {
  const project = createWorkspace();
  try {
    assert.deepEqual(readTrust(home.dir, project.dir), {});
    await writeTrust(home.dir, project.dir, "abc", new Date("2026-01-02T00:00:00Z"));
    assert.deepEqual(readTrust(home.dir, project.dir).record, {
      hash: "abc",
      trustedAt: "2026-01-02T00:00:00.000Z",
    });
    assert.equal(statSync(trustFilePath(home.dir)).mode & 0o777, 0o600);
    await writeTrust(home.dir, project.dir, undefined);
    assert.deepEqual(JSON.parse(readFileSync(trustFilePath(home.dir), "utf8")).folders, {});
    writeFileSync(trustFilePath(home.dir), "{ damaged");
    const damaged = readTrust(home.dir, project.dir);
    assert.equal(damaged.record, undefined);
    assert.match(damaged.problem ?? "", /trusted-folders\.json is damaged; no folder counts as trusted/);
    await writeTrust(home.dir, join(project.dir, "."), "def");
    assert.equal(readTrust(home.dir, project.dir).record?.hash, "def");
  } finally {
    project.cleanup();
  }
});

test("a folder's statusLine command is part of the subject and withheld when untrusted; the user's stays", () => {
  const statusLine = { type: "command" as const, command: "./status.sh" };
  const layers = [
    layer("~/.claude/settings.json", "user", { statusLine: { type: "command", command: "mine.sh" } }),
    layer(".claude/settings.json", "project", { statusLine }),
  ];
  const subject = trustSubject({ layers, compactHooks: [] });
  assert.deepEqual(subject.items, [
    { source: ".claude/settings.json", text: "statusLine command: ./status.sh" },
  ]);
  const loaded = {
    layers,
    compactHooks: [],
    merged: mergeLayers(layers),
    localSettingsPath: "/x",
    warnings: [],
  };
  assert.equal(loaded.merged.statusLine?.command, "./status.sh");
  assert.equal(loaded.merged.statusLine?.scope, "project");
  const withheld = withholdFolderConfig(loaded);
  assert.equal(withheld.merged.statusLine?.command, "mine.sh", "the user's own command");
  assert.equal(withheld.merged.statusLine?.scope, "user");
  const only = withholdFolderConfig({ ...loaded, layers: [layers[1] as SettingsLayer] });
  assert.equal(only.merged.statusLine, undefined);
});
