import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { buildInitPrompt, detectInitTarget } from "../../src/prompt/init-prompt.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

test("detectInitTarget: none, claude only, agents (also when both exist); folders do not count", async () => {
  const root = tempFolder("prompt");
  assert.equal(await detectInitTarget(root), "none");
  await mkdir(join(root, "AGENTS.md"));
  assert.equal(await detectInitTarget(root), "none");
  await writeTree(root, { "CLAUDE.md": "c" });
  assert.equal(await detectInitTarget(root), "claude");
  const both = tempFolder("prompt");
  await writeTree(both, { "CLAUDE.md": "c", "AGENTS.md": "a" });
  assert.equal(await detectInitTarget(both), "agents");
});

test("buildInitPrompt asks to create, improve AGENTS.md, or improve CLAUDE.md, with the focus", () => {
  const create = buildInitPrompt({ existing: "none" });
  assert.match(create, /create an AGENTS\.md/);
  assert.match(create, /Commands: install, build, run, test/);
  assert.ok(!create.includes("particular attention"));

  const improve = buildInitPrompt({ existing: "agents", focus: "  the test setup " });
  assert.match(improve, /already has an AGENTS\.md/);
  assert.match(improve, /particular attention to: the test setup$/m);

  const claude = buildInitPrompt({ existing: "claude" });
  assert.match(claude, /improve CLAUDE\.md in place/);
  assert.match(claude, /Do not create AGENTS\.md/);
});
