// End-to-end through the built CLI: under narrow allow rules. With the sandbox on, a command an allow
// rule covers runs in the workspace-write profile, where the protected paths stay read-only although
// the analysis cannot see the write (`node -e` building the name); with it off, every write the
// analysis finds is checked and a target it cannot expand exactly asks (denied in -p).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { attackSession } from "../support/gate-attacks.js";
import { needsSandbox } from "../support/sandbox.js";
import { outcomeOf, type SandboxHome, sandboxHome } from "../support/sandbox-cli.js";

const machines: SandboxHome[] = [];
after(() => {
  for (const machine of machines) machine.cleanup();
});
function machine(): SandboxHome {
  const made = sandboxHome("gate-rules");
  mkdirSync(join(made.project, ".claude"), { recursive: true });
  writeFileSync(join(made.project, ".claude", "settings.json"), "{}\n");
  machines.push(made);
  return made;
}

const node = (id: string, file: string) => ({
  id,
  input: { command: `node -e 'require("fs").writeFileSync(${file}, "owned")'` },
});

describe("sandbox on, Bash(node:*) allowed", needsSandbox, () => {
  test("the allowed command runs contained: ordinary writes land, protected paths stay read-only", async () => {
    const home = machine();
    const run = await attackSession(
      home,
      [
        [
          node("ordinary", '"made.txt"'),
          node("settings", '".cl" + "aude/settings.local.json"'),
          node("hook", '".g" + "it/hooks/pre-commit"'),
          node("git-config", '".g" + "it/config"'),
          node("outside", `"${home.outside}/new.txt"`),
        ],
      ],
      {
        args: ["--sandbox", "--settings", JSON.stringify({ permissions: { allow: ["Bash(node:*)"] } })],
      },
    );
    for (const id of ["ordinary", "settings", "hook", "git-config", "outside"])
      assert.equal(outcomeOf(run, id).denied, false, `${id} ran: ${outcomeOf(run, id).text}`);
    assert.equal(existsSync(join(home.project, "made.txt")), true);
    for (const id of ["settings", "hook", "git-config", "outside"])
      assert.match(outcomeOf(run, id).text, /EROFS|read-only file system/i, id);
    assert.equal(existsSync(join(home.project, ".claude", "settings.local.json")), false);
    assert.equal(existsSync(join(home.project, ".git", "hooks", "pre-commit")), false);
    assert.equal(existsSync(join(home.outside, "new.txt")), false);
  });
});

describe("sandbox off, Bash(git log:*) allowed", () => {
  test("writes it finds and writes it cannot expand are refused; the rule still serves", async () => {
    const home = machine();
    const run = await attackSession(
      home,
      [
        [
          { id: "braces", input: { command: "git log --output={.claude/settings.local.json,x}" } },
          { id: "bracket", input: { command: "git log --output=.cl[a]ude/settings.local.json" } },
          { id: "named", input: { command: "git log --output=.claude/settings.local.json" } },
          { id: "expansion", input: { command: 'git log "$OUT"' } },
          { id: "fine", input: { command: "git log --oneline -1 --output=log.txt; echo done" } },
        ],
      ],
      {
        withoutSandbox: true,
        env: { OUT: "--output=.claude/settings.local.json" },
        args: ["--settings", JSON.stringify({ permissions: { allow: ["Bash(git log:*)", "Bash(echo:*)"] } })],
      },
    );
    for (const id of ["braces", "bracket", "named", "expansion"])
      assert.equal(outcomeOf(run, id).denied, true, `${id}: ${outcomeOf(run, id).text}`);
    assert.equal(outcomeOf(run, "fine").denied, false, outcomeOf(run, "fine").text);
    assert.equal(existsSync(join(home.project, ".claude", "settings.local.json")), false);
    assert.equal(existsSync(join(home.project, "x")), false);
  });
});
