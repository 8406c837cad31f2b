import assert from "node:assert/strict";
import { after, test } from "node:test";
import { loadSettings } from "../../src/config/settings.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace();
after(() => space.cleanup());

test("layers load in DESIGN order; later scalars win; wrong types name the file and every field", () => {
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
