import assert from "node:assert/strict";
import { after, test } from "node:test";
import { loadSettings } from "../../src/config/settings.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace();
after(() => space.cleanup());

test("layers load in the documented order (README Settings); later scalars win; wrong types name the file and every field", () => {
  const home = createWorkspace({
    ".agents/settings.json": JSON.stringify({ model: "user-model", maxTurns: 5 }),
  });
  try {
    space.write(
      ".claude/settings.json",
      JSON.stringify({ model: "claude-model", permissions: { allow: ["Read"] } }),
    );
    space.write(".agents/settings.local.json", JSON.stringify({ model: "local-model" }));
    const loaded = loadSettings({ projectDir: space.dir, homeDir: home.dir, extra: ['{"maxTurns": 9}'] });
    assert.deepEqual(
      loaded.layers.map((layer) => layer.source),
      ["~/.agents/settings.json", ".claude/settings.json", ".agents/settings.local.json", "--settings"],
    );
    assert.equal(loaded.merged.model, "local-model");
    assert.equal(loaded.merged.maxTurns, 9);
    space.write(".agents/settings.json", JSON.stringify({ maxTurns: "ten", permissions: { allow: "Read" } }));
    assert.throws(
      () => loadSettings({ projectDir: space.dir, homeDir: home.dir }),
      /^UsageError: \.agents\/settings\.json: maxTurns: .*; permissions\.allow: .*fix the field/,
    );
  } finally {
    home.cleanup();
  }
});

test("an empty settings file is allowed; a settings file that is an array is an error", () => {
  const project = createWorkspace({ ".claude/settings.json": "", ".agents/settings.json": "[]" });
  try {
    assert.throws(
      () => loadSettings({ projectDir: project.dir, homeDir: project.dir }),
      /\.agents\/settings\.json: settings must be a JSON object/,
    );
  } finally {
    project.cleanup();
  }
});

function loadIn(files: Record<string, string>, extra?: string[]) {
  const project = createWorkspace(files);
  try {
    return loadSettings({ projectDir: project.dir, homeDir: project.dir, extra });
  } finally {
    project.cleanup();
  }
}

test("a permissions key that differs only in case is an error naming file, key and the real key", () => {
  assert.throws(
    () => loadIn({ ".claude/settings.json": JSON.stringify({ permissions: { Deny: ["Bash(echo *)"] } }) }),
    /^UsageError: \.claude\/settings\.json: permissions\.Deny: keys are case-sensitive; rename it to "deny"/,
  );
  assert.throws(
    () => loadIn({ ".agents/settings.json": JSON.stringify({ permissions: { DEFAULTMODE: "plan" } }) }),
    /\.agents\/settings\.json: permissions\.DEFAULTMODE: .*rename it to "defaultMode"/,
  );
  assert.throws(
    () => loadIn({ ".claude/settings.json": JSON.stringify({ Permissions: { deny: ["Bash"] } }) }),
    /\.claude\/settings\.json: "Permissions": keys are case-sensitive; rename it to "permissions"/,
  );
});

test("other unknown permissions keys warn with the nearest known key; all known keys are quiet", () => {
  const loaded = loadIn({
    ".claude/settings.json": JSON.stringify({
      permissions: {
        allow: [],
        deny: [],
        ask: [],
        defaultMode: "default",
        additionalDirectories: [],
        disableBypassPermissionsMode: "disable",
        dney: ["Bash(rm *)"],
        zzzzzzzz: true,
      },
    }),
  });
  assert.equal(loaded.warnings.length, 2);
  assert.match(
    loaded.warnings[0]!,
    /^\.claude\/settings\.json: unknown key permissions\.dney is ignored; did you mean deny\?$/,
  );
  assert.match(
    loaded.warnings[1]!,
    /permissions\.zzzzzzzz is ignored; known keys: allow, deny, ask, defaultMode/,
  );
});

test("top-level near-misses of keys reagent reads warn; other Claude Code keys stay silent", () => {
  const loaded = loadIn(
    {
      ".claude/settings.json": JSON.stringify({
        permisions: { deny: ["Bash(echo *)"] },
        hook: {},
        statusLine: { type: "command", command: "x" },
        enabledPlugins: {},
        apiKeyHelper: "x",
        includeCoAuthoredBy: false,
        cleanupPeriodDays: 30,
        outputStyle: "Explanatory",
        env: { A: "1" },
        model: "m",
      }),
    },
    ['{"maxTurn": 3, "Model": "x"}'],
  );
  assert.deepEqual(loaded.warnings, [
    '.claude/settings.json: unknown setting "permisions" is ignored; did you mean "permissions"?',
    '.claude/settings.json: unknown setting "hook" is ignored; did you mean "hooks"?',
    '--settings: unknown setting "maxTurn" is ignored; did you mean "maxTurns"?',
    '--settings: unknown setting "Model" is ignored; did you mean "model"?',
  ]);
  assert.deepEqual(loadIn({ ".claude/settings.json": '{"model": "m"}' }).warnings, []);
});

test("a UTF-8 byte order mark at the start of a settings file is tolerated", () => {
  const loaded = loadIn({ ".claude/settings.json": '\uFEFF{"model": "bom-model"}' });
  assert.equal(loaded.merged.model, "bom-model");
  assert.deepEqual(loaded.warnings, []);
});

test("~/.claude/settings.json is the lowest user layer; --setting-sources picks scopes; home as project reads it once", () => {
  const home = createWorkspace({
    ".claude/settings.json": JSON.stringify({ model: "claude-user", env: { A: "1", B: "claude" } }),
    ".agents/settings.json": JSON.stringify({ env: { B: "agents", C: 3 } }),
  });
  const project = createWorkspace({
    ".claude/settings.json": JSON.stringify({ env: { C: "project" } }),
    ".agents/hooks.json": JSON.stringify({ Stop: [] }),
    ".claude/settings.local.json": JSON.stringify({ maxTurns: 4 }),
  });
  try {
    const all = loadSettings({ projectDir: project.dir, homeDir: home.dir });
    assert.deepEqual(
      all.layers.map((layer) => [layer.source, layer.scope]),
      [
        ["~/.claude/settings.json", "user"],
        ["~/.agents/settings.json", "user"],
        [".claude/settings.json", "project"],
        [".claude/settings.local.json", "local"],
      ],
    );
    assert.equal(all.merged.model, "claude-user");
    assert.deepEqual(all.merged.env, { A: "1", B: "agents", C: "project" });
    assert.equal(all.compactHooks.length, 1);
    const projectOnly = loadSettings({ projectDir: project.dir, homeDir: home.dir, sources: ["project"] });
    assert.deepEqual(
      projectOnly.layers.map((layer) => layer.source),
      [".claude/settings.json"],
    );
    const userOnly = loadSettings({ projectDir: project.dir, homeDir: home.dir, sources: ["user"] });
    assert.equal(userOnly.compactHooks.length, 0, ".agents/hooks.json is project configuration");
    const none = loadSettings({
      projectDir: project.dir,
      homeDir: home.dir,
      sources: [],
      extra: ['{"maxTurns":2}'],
    });
    assert.deepEqual(
      none.layers.map((layer) => [layer.source, layer.scope]),
      [["--settings", "flag"]],
    );
    const inHome = loadSettings({ projectDir: home.dir, homeDir: home.dir });
    assert.deepEqual(
      inHome.layers.map((layer) => layer.scope),
      ["user", "user"],
    );
  } finally {
    home.cleanup();
    project.cleanup();
  }
});
