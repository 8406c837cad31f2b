// Files git's configuration includes and its core.hooksPath are protected like .git/config and
// .git/hooks: an include target in the project (existing, missing, or behind a condition that does
// not hold now), one the user's ~/.gitconfig includes, and a file nested two includes deep; writing
// one asks even in acceptEdits and under an allow rule (headless: denied), through Write and through
// Bash, and a change to the configuration is seen by the next call. Read with the real git.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createGitConfiguredPaths } from "../../src/util/index.js";
import { bash, emptyRules, fileCall, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
const git = (...args: string[]) => {
  const result = spawnSync("git", args, { cwd: layout.project, encoding: "utf8" });
  assert.equal(result.status, 0, result.stderr);
};

before(async () => {
  layout = await makeLayout();
  git("init", "-q");
  // Relative include paths are relative to the including file (.git/config: ../ is the project).
  git("config", "include.path", "../team.gitconfig");
  git("config", "includeIf.onbranch:never.path", "../branch.gitconfig");
  git("config", "core.hooksPath", ".githooks");
  await writeFile(join(layout.project, "team.gitconfig"), "[include]\n\tpath = config/nested.gitconfig\n");
  await mkdir(join(layout.project, "config"), { recursive: true });
  await writeFile(join(layout.project, "config", "nested.gitconfig"), "[alias]\n\tst = status\n");
  await writeFile(join(layout.home, ".gitconfig"), "[include]\n\tpath = ~/dotfiles/git.inc\n");
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

describe("files git's configuration names outside .git", () => {
  test("what is found, read with git", () => {
    const paths = createGitConfiguredPaths({ ...process.env, HOME: layout.home })([layout.project]);
    for (const expected of [
      join(layout.project, "team.gitconfig"),
      join(layout.project, "config", "nested.gitconfig"),
      join(layout.project, "branch.gitconfig"),
      join(layout.home, "dotfiles", "git.inc"),
    ])
      assert.ok(paths.files.includes(expected), `${expected} in ${paths.files.join(", ")}`);
    assert.deepEqual(paths.hookFolders, [join(layout.project, ".githooks")]);
  });

  test("writing one asks even in acceptEdits and under allow rules; an ordinary file does not", async () => {
    const gate = makeGate(layout, {
      mode: "acceptEdits",
      interactive: false,
      rules: emptyRules({ allow: ["Write", "Edit", "Bash(echo:*)", "Bash(rm:*)"] }),
    }).gate;
    const cases: [string, string, RegExp][] = [
      ["Write", "team.gitconfig", /a file git's configuration includes/],
      ["Edit", "config/nested.gitconfig", /a file git's configuration includes/],
      ["Write", "branch.gitconfig", /a file git's configuration includes/],
      ["Write", ".githooks/pre-commit", /core\.hooksPath/],
    ];
    for (const [tool, path, reason] of cases) {
      const decision = await gate.check(fileCall(tool, join(layout.project, path)));
      assert.equal(decision.behavior, "deny", `${tool} ${path}`);
      assert.match(decision.behavior === "deny" ? decision.message : "", reason, `${tool} ${path}`);
    }
    for (const command of [
      "echo '[core] fsmonitor = x' > team.gitconfig",
      "echo x > .githooks/pre-commit",
      "rm -r config",
    ]) {
      const decision = await gate.check(bash(command));
      assert.equal(decision.behavior, "deny", command);
    }
    assert.equal((await gate.check(fileCall("Write", join(layout.project, "notes.md")))).behavior, "allow");
    assert.equal((await gate.check(bash("echo x > notes.md"))).behavior, "allow");
  });

  test("a new include is seen by the next call", async () => {
    const gate = makeGate(layout, {
      mode: "acceptEdits",
      interactive: false,
      rules: emptyRules({ allow: ["Write"] }),
    }).gate;
    const later = join(layout.project, "later.gitconfig");
    assert.equal((await gate.check(fileCall("Write", later))).behavior, "allow");
    git("config", "--add", "include.path", "../later.gitconfig");
    assert.equal((await gate.check(fileCall("Write", later))).behavior, "deny");
  });
});
