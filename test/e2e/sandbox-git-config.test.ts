// End-to-end through the built CLI with the sandbox on: a Bash command in the workspace-write
// profile cannot change what git's configuration names outside .git — an included file in the
// project (it could set core.fsmonitor for every later git), a missing include target (creating it
// switches the include on), and the core.hooksPath folder — while an ordinary file is written; and
// the run's gate (the same git-configured paths, from createApp) asks for a Write to them in acceptEdits.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { needsSandbox } from "../support/sandbox.js";
import {
  outcomeOf,
  type SandboxHome,
  type SessionRun,
  sandboxHome,
  sandboxSession,
  turnSandboxOn,
} from "../support/sandbox-cli.js";

const TEAM = "[alias]\n\tst = status\n";

describe("git's included files and hooks folder in the workspace-write sandbox", needsSandbox, () => {
  let machine: SandboxHome;
  let run: SessionRun;

  before(async () => {
    machine = sandboxHome("sandbox-git-config");
    turnSandboxOn(machine);
    const git = (...args: string[]) =>
      assert.equal(spawnSync("git", args, { cwd: machine.project }).status, 0, args.join(" "));
    git("config", "include.path", "../team.gitconfig");
    git("config", "--add", "include.path", "../local.gitconfig");
    git("config", "core.hooksPath", ".githooks");
    writeFileSync(join(machine.project, "team.gitconfig"), TEAM);
    const bash = (id: string, command: string) => ({ id, input: { command } });
    run = await sandboxSession(machine, [
      bash("included", "printf '[core]\\n\\tfsmonitor = touch ran\\n' >> team.gitconfig"),
      bash("missing", "printf '[core]\\n\\tpager = touch ran\\n' > local.gitconfig"),
      bash("hooks", "mkdir -p .githooks && printf '#!/bin/sh\\ntouch ran\\n' > .githooks/pre-commit"),
      bash("ordinary", "echo fine > notes.txt && cat notes.txt"),
    ]);
  });
  after(() => machine.cleanup());

  test("the included file, the missing include and the hooks folder stay as they were", () => {
    for (const id of ["included", "missing", "hooks"]) {
      const outcome = outcomeOf(run, id);
      assert.equal(outcome.denied, false, `${id} ran (contained): ${outcome.text}`);
      assert.match(outcome.text, /Read-only file system|Is a directory|Permission denied/i, id);
    }
    assert.equal(readFileSync(join(machine.project, "team.gitconfig"), "utf8"), TEAM);
    assert.equal(existsSync(join(machine.project, "local.gitconfig")), false, "no include target left");
    assert.equal(existsSync(join(machine.project, ".githooks", "pre-commit")), false);
    assert.match(outcomeOf(run, "ordinary").text, /fine/);
  });
});

test("the gate of a real run asks for a Write to an included file or the hooks folder, even in acceptEdits", async () => {
  const machine = sandboxHome("gate-git-config");
  try {
    const git = (...args: string[]) =>
      assert.equal(spawnSync("git", args, { cwd: machine.project }).status, 0, args.join(" "));
    git("config", "include.path", "../team.gitconfig");
    git("config", "core.hooksPath", ".githooks");
    writeFileSync(join(machine.project, "team.gitconfig"), TEAM);
    const write = (id: string, file: string) => ({
      id,
      name: "Write",
      input: { file_path: join(machine.project, file), content: "[core]\n\tfsmonitor = touch ran\n" },
    });
    const run = await sandboxSession(
      machine,
      [
        write("included", "team.gitconfig"),
        write("hook", ".githooks/pre-commit"),
        write("plain", "notes.md"),
      ],
      { args: ["--permission-mode", "acceptEdits"] },
    );
    assert.equal(outcomeOf(run, "included").denied, true, outcomeOf(run, "included").text);
    assert.match(outcomeOf(run, "included").text, /a file git's configuration includes/);
    assert.equal(outcomeOf(run, "hook").denied, true, outcomeOf(run, "hook").text);
    assert.equal(outcomeOf(run, "plain").denied, false, outcomeOf(run, "plain").text);
    assert.equal(readFileSync(join(machine.project, "team.gitconfig"), "utf8"), TEAM);
    assert.equal(existsSync(join(machine.project, ".githooks", "pre-commit")), false);
  } finally {
    machine.cleanup();
  }
});
