// End-to-end through the built CLI: each attack class of the gate issue, with no rules, in default and
// plan mode, leaves no effect — no file written, no command run, nothing from outside the workspace
// or the home folder read. With bwrap here the line either ran in the read-only profile and failed
// there, or was asked (denied in -p); where no sandbox can start it must be asked (denied).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { attackSession } from "../support/gate-attacks.js";
import { needsSandbox } from "../support/sandbox.js";
import { outcomeOf, type SandboxHome, type SessionRun, sandboxHome } from "../support/sandbox-cli.js";

type Attack = { id: string; command: string; effect: (machine: SandboxHome, text: string) => string | null };

const created = (path: string) => (machine: SandboxHome) =>
  existsSync(join(machine.project, path)) ? `${path} was created` : null;
const shows = (secret: string) => (_machine: SandboxHome, text: string) =>
  text.includes(secret) ? `the output shows ${secret}` : null;

const ATTACKS: Attack[] = [
  {
    id: "heredoc",
    command: 'cat <<EOF; echo "$(\ntouch heredoc-ran\nEOF\n)"',
    effect: created("heredoc-ran"),
  },
  { id: "sed-e", command: "sed -n ':a e touch sed-e-ran' README.md", effect: created("sed-e-ran") },
  {
    id: "sed-w",
    command: "sed -n ':a w .claude/settings.local.json' README.md",
    effect: created(".claude/settings.local.json"),
  },
  { id: "jq-f", command: "jq -n -f prog.jq", effect: shows("OUTSIDE-SECRET") },
  { id: "jq-from-file", command: "jq -n --from-file prog.jq", effect: shows("OUTSIDE-SECRET") },
  { id: "awk-exec", command: "awk -W exec prog.awk README.md", effect: created("awk-ran") },
  {
    id: "bash-k",
    command: "bash -k -c 'git diff GIT_EXTERNAL_DIFF=./ext.sh'",
    effect: created("ext-diff-ran"),
  },
  { id: "set-k", command: "set -k; git diff GIT_EXTERNAL_DIFF=./ext-k.sh", effect: created("ext-k-ran") },
  { id: "brace", command: 'cat {"../outside/existing.txt",README.md}', effect: shows("untouched") },
  {
    id: "brace-write",
    command: 'echo owned > {".claude/brace.json",}',
    effect: created(".claude/brace.json"),
  },
  { id: "bracket", command: "cat ../outsid[e]/existing.txt", effect: shows("untouched") },
  { id: "bracket-quoted", command: 'cat "../"out[s]ide/existing.txt', effect: shows("untouched") },
  {
    id: "git-diff-outside",
    command: "git diff README.md ../outside/existing.txt",
    effect: shows("untouched"),
  },
  {
    id: "git-log-output",
    command: "git log --output=.claude/git-log.json",
    effect: created(".claude/git-log.json"),
  },
  { id: "find-files0-from", command: "find -files0-from list0", effect: shows("existing.txt") },
  { id: "ls-RL", command: "ls -RL", effect: shows("existing.txt") },
];

/** Last, in a round of its own: it moves the shell. */
const SET_P: Attack = {
  id: "set-P",
  command: "set -P; cd way-out/..; cat notes/diary.txt",
  effect: shows("private notes"),
};

function plant(machine: SandboxHome): void {
  const { project, outside } = machine;
  writeFileSync(join(outside, "secret.jq"), 'def leak: "OUTSIDE-SECRET";\n');
  writeFileSync(join(project, "prog.jq"), `include "secret" {search: "${outside}"}; leak\n`);
  writeFileSync(join(project, "prog.awk"), 'BEGIN { system("touch awk-ran") }\n');
  for (const [script, marker] of [
    ["ext.sh", "ext-diff-ran"],
    ["ext-k.sh", "ext-k-ran"],
  ] as const) {
    writeFileSync(join(project, script), `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(join(project, script), 0o755);
  }
  mkdirSync(join(project, ".claude"));
  writeFileSync(join(project, ".claude", "settings.json"), "{}\n");
  writeFileSync(join(project, "list0"), "../outside\0");
  symlinkSync(outside, join(project, "way-out"));
  // A tracked file with a change, so that `git diff` has something to hand an external diff.
  spawnSync("git", ["add", "README.md"], { cwd: project });
  writeFileSync(join(project, "README.md"), "# project\nchanged\n");
}

const sandboxes = [
  ["where no sandbox can start", { withoutSandbox: true, skip: undefined }],
  ["with bwrap (the read-only profile)", { withoutSandbox: false, skip: needsSandbox.skip }],
] as const;

for (const [label, setting] of sandboxes) {
  describe(`attack classes with no rules, ${label}`, { skip: setting.skip }, () => {
    const runs = new Map<string, { machine: SandboxHome; run: SessionRun }>();
    before(async () => {
      for (const mode of ["default", "plan"]) {
        const machine = sandboxHome(`gate-classes-${mode}`);
        plant(machine);
        const run = await attackSession(
          machine,
          [
            ATTACKS.map((attack) => ({ id: attack.id, input: { command: attack.command } })),
            [{ id: SET_P.id, input: { command: SET_P.command } }],
          ],
          { args: ["--permission-mode", mode], withoutSandbox: setting.withoutSandbox },
        );
        runs.set(mode, { machine, run });
      }
    });
    after(() => {
      for (const { machine } of runs.values()) machine.cleanup();
    });

    for (const mode of ["default", "plan"])
      test(`${mode} mode: no attack has an effect${setting.withoutSandbox ? ", and each is asked" : ""}`, () => {
        const entry = runs.get(mode);
        assert.ok(entry, "the run happened");
        const problems: string[] = [];
        for (const attack of [...ATTACKS, SET_P]) {
          const outcome = outcomeOf(entry.run, attack.id);
          const effect = attack.effect(entry.machine, outcome.text);
          if (effect !== null) problems.push(`${attack.id}: ${effect}`);
          if (setting.withoutSandbox && !outcome.denied)
            problems.push(`${attack.id} ran unprompted without a sandbox: ${outcome.text.slice(0, 200)}`);
        }
        assert.deepEqual(problems, []);
        assert.equal(existsSync(join(entry.machine.outside, "new.txt")), false);
      });
  });
}

describe("the attacks are real: in bypassPermissions with no sandbox each has its effect", () => {
  test("every class writes, runs or reads what it aims at", async () => {
    const machine = sandboxHome("gate-classes-control");
    try {
      plant(machine);
      const run = await attackSession(
        machine,
        [
          ATTACKS.map((attack) => ({ id: attack.id, input: { command: attack.command } })),
          [{ id: SET_P.id, input: { command: SET_P.command } }],
        ],
        { args: ["--permission-mode", "bypassPermissions"], withoutSandbox: true },
      );
      const harmless = [...ATTACKS, SET_P]
        .filter((attack) => attack.effect(machine, outcomeOf(run, attack.id).text) === null)
        .map((attack) => `${attack.id}: ${outcomeOf(run, attack.id).text.slice(0, 200)}`);
      assert.deepEqual(harmless, []);
    } finally {
      machine.cleanup();
    }
  });
});
