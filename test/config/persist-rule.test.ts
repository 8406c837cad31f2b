import assert from "node:assert/strict";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  localSettingsPath,
  persistAllowRule,
  persistRule,
  removePersistedRule,
} from "../../src/config/persist-rule.js";
import { tempFolder } from "../support/temp-folder.js";

describe("persistAllowRule", () => {
  let root: string;
  before(async () => {
    root = tempFolder("persist");
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test("creates .agents/settings.local.json and skips duplicates", async () => {
    const project = join(root, "fresh");
    const path = localSettingsPath(project);
    assert.equal(path, join(project, ".agents", "settings.local.json"));
    await persistAllowRule(path, "Bash(npm test)");
    await persistAllowRule(path, "Bash(npm test)");
    await persistAllowRule(path, "Edit(src/**)");
    assert.deepEqual(JSON.parse(await readFile(path, "utf8")), {
      permissions: { allow: ["Bash(npm test)", "Edit(src/**)"] },
    });
    assert.deepEqual(await readdir(join(project, ".agents")), ["settings.local.json"]);
  });

  test("keeps other content", async () => {
    const path = join(root, "keep", "settings.local.json");
    await mkdir(join(root, "keep"));
    const original = {
      model: "x",
      hooks: { PreToolUse: [] },
      permissions: { allow: ["Read"], deny: ["Bash(rm *)"], defaultMode: "acceptEdits" },
    };
    await writeFile(path, JSON.stringify(original));
    await persistAllowRule(path, "Bash(make *)");
    assert.deepEqual(JSON.parse(await readFile(path, "utf8")), {
      ...original,
      permissions: { ...original.permissions, allow: ["Read", "Bash(make *)"] },
    });
  });

  test("a file that does not parse is an error and is left untouched", async () => {
    const path = join(root, "broken.json");
    await writeFile(path, "{ not json");
    await assert.rejects(persistAllowRule(path, "Bash"), /broken\.json: invalid JSON.*fix the file/);
    assert.equal(await readFile(path, "utf8"), "{ not json");
    await writeFile(path, '{"permissions": {"allow": "Bash"}}');
    await assert.rejects(persistAllowRule(path, "Bash"), /"permissions.allow" must be a list/);
    await writeFile(path, "[]");
    await assert.rejects(persistAllowRule(path, "Bash"), /must contain a JSON object/);
  });
});

describe("persistRule and removePersistedRule", () => {
  test("deny and ask rules are saved, and removal edits only the named list", async () => {
    const root = tempFolder("persist-remove");
    try {
      const path = localSettingsPath(root);
      await persistRule(path, "deny", "Bash(rm *)");
      await persistRule(path, "ask", "Bash(git push *)");
      await persistRule(path, "allow", "Bash(rm *)");
      assert.equal(await removePersistedRule(path, "deny", "Bash(rm *)"), true);
      assert.equal(await removePersistedRule(path, "deny", "Bash(rm *)"), false, "already gone");
      assert.deepEqual(JSON.parse(await readFile(path, "utf8")), {
        permissions: { deny: [], ask: ["Bash(git push *)"], allow: ["Bash(rm *)"] },
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test("a broken file is left untouched", async () => {
    const root = tempFolder("persist-broken");
    try {
      const path = localSettingsPath(root);
      await mkdir(join(root, ".agents"), { recursive: true });
      await writeFile(path, "{ not json");
      await assert.rejects(removePersistedRule(path, "allow", "Read"), /invalid JSON/);
      assert.equal(await readFile(path, "utf8"), "{ not json");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
