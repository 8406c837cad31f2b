// With the sandbox off, an allow rule covering a command does not cover what it writes unseen: every
// write the analysis finds (git's --output and its abbreviations, redirections, tee) is checked against
// the protected paths and the workspace, and a write target the analysis cannot expand exactly (a
// brace, a pattern, a parameter, a substitution — also a word that may be --output itself) asks.
import assert from "node:assert/strict";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { bash, emptyRules, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
  await mkdir(join(layout.project, ".claude"), { recursive: true });
  await writeFile(join(layout.project, ".claude", "settings.json"), "{}\n");
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

const RULES = emptyRules({ allow: ["Bash(git log:*)", "Bash(git diff:*)", "Bash(git commit:*)"] });

describe("writes under a narrow allow rule, sandbox off", () => {
  test("writes the analysis cannot expand exactly ask (headless: denied)", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: RULES });
    for (const command of [
      "git log --output={.claude/settings.local.json,x}",
      "git log --output=.cl[a]ude/settings.json",
      "git log --output=.cl?ude/settings.json",
      "git log --output=.claude/*",
      'git log --output="$X"',
      "git log --outp=$HOME/.bashrc",
      "git log --output=`echo x`",
      'git log "--output=$X"',
      "git log $X",
      "git diff --stat {a,../outside/x.txt}",
      'git log > {".claude/settings.local.json",}',
      'git log > "."["c"]laude/settings.json',
    ]) {
      const decision = await gate.check(bash(command));
      assert.equal(decision.behavior, "deny", command);
      assert.match(
        decision.behavior === "deny" ? decision.message : "",
        /not understood with certainty/,
        command,
      );
    }
  });

  test("writes it finds are checked against the protected paths and the workspace", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: RULES });
    for (const [command, reason] of [
      ["git log --output=.claude/settings.local.json", /inside \.claude\//],
      ["git log --outp .claude/settings.local.json", /inside \.claude\//],
      ["git diff --output=.git/config", /inside \.git\//],
      ["git log --output=../outside/log.txt", /outside the workspace/],
      ["git log | tee .claude/x", /inside \.claude\//],
    ] as const) {
      const decision = await gate.check(bash(command));
      assert.equal(decision.behavior, "deny", command);
      assert.match(decision.behavior === "deny" ? decision.message : "", reason, command);
    }
  });

  test("what the rule is for still runs: option values and messages the gate cannot know", async () => {
    const { gate } = makeGate(layout, { interactive: false, rules: RULES });
    for (const command of [
      'git log --grep="$X"',
      'git log -S"$X" -p',
      'git log -- "$F"',
      "git log --output=log.txt",
      'git commit -m "$MSG"',
    ]) {
      const decision = await gate.check(bash(command));
      assert.equal(decision.behavior, "allow", `${command}: ${JSON.stringify(decision)}`);
    }
  });
});
