// End-to-end through the built CLI: the fsmonitor attack of the gate issue. A folder git takes for a
// repository (HEAD, objects/, refs/, a config naming core.fsmonitor) makes a later read-only
// `cd evil && git status` run a program. Building one with Write asks like writing .git/ does (in -p:
// denied, also in acceptEdits); one that is already there (an earlier session, a clone) runs nothing,
// since fast-path git runs with fsmonitor and hooks off and no implicit bare repository — with the
// sandbox and on a machine where none can start.
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
  const made = sandboxHome("gate-git");
  machines.push(made);
  return made;
}

/** The config of the attack: a work tree of its own and a program as fsmonitor. */
const evilConfig = (marker: string) =>
  `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = .\n\tfsmonitor = "touch ${marker}; false"\n`;

describe("a repository-like folder built with Write", () => {
  test("acceptEdits: the write that makes it a repository is denied; git status then runs nothing", async () => {
    const home = machine();
    const marker = join(home.outside, "fsmonitor-ran");
    const write = (id: string, path: string, content: string) => ({
      id,
      name: "Write",
      input: { file_path: join(home.project, path), content },
    });
    const run = await attackSession(
      home,
      [
        [
          write("head", "evil/HEAD", "ref: refs/heads/main\n"),
          write("objects", "evil/objects/pack/.keep", ""),
          write("refs", "evil/refs/heads/.keep", ""),
          write("config", "evil/config", evilConfig(marker)),
        ],
        [{ id: "status", input: { command: "cd evil && git status" } }],
      ],
      { args: ["--permission-mode", "acceptEdits"], withoutSandbox: true },
    );
    const refused = ["head", "objects", "refs", "config"].filter((id) => outcomeOf(run, id).denied);
    const [firstRefused] = refused;
    assert.ok(firstRefused !== undefined, "one of the writes is refused");
    assert.match(outcomeOf(run, firstRefused).text, /git takes for a repository \(HEAD, objects\/, refs\/\)/);
    outcomeOf(run, "status");
    assert.equal(existsSync(marker), false, "fsmonitor did not run");
  });
});

for (const [label, options] of [
  ["without a sandbox", { withoutSandbox: true }],
  ["with the read-only sandbox", { skip: needsSandbox.skip }],
] as const) {
  describe(`a repository-like folder already there, ${label}`, {
    skip: "skip" in options ? options.skip : undefined,
  }, () => {
    for (const mode of ["default", "plan"]) {
      test(`${mode} mode: cd evil && git status runs no fsmonitor and no hook`, async () => {
        const home = machine();
        const marker = join(home.outside, "fsmonitor-ran");
        const evil = join(home.project, "evil");
        mkdirSync(join(evil, "objects"), { recursive: true });
        mkdirSync(join(evil, "refs", "heads"), { recursive: true });
        mkdirSync(join(evil, "hooks"), { recursive: true });
        writeFileSync(join(evil, "HEAD"), "ref: refs/heads/main\n");
        writeFileSync(join(evil, "config"), evilConfig(marker));
        const run = await attackSession(
          home,
          [
            [
              { id: "status", input: { command: "(cd evil && git status)" } },
              { id: "log", input: { command: "(cd evil && git log --oneline | head -1)" } },
              { id: "diff", input: { command: "(cd evil && git diff --stat)" } },
            ],
          ],
          { args: ["--permission-mode", mode], withoutSandbox: "withoutSandbox" in options },
        );
        for (const id of ["status", "log", "diff"]) {
          const outcome = outcomeOf(run, id);
          // Either asked (denied in -p) or run with git refusing the implicit bare repository.
          if (!outcome.denied)
            assert.match(
              outcome.text,
              /cannot use bare repository|Not a git repository/,
              `${id}: ${outcome.text}`,
            );
        }
        assert.equal(existsSync(marker), false, "fsmonitor did not run");
      });
    }
  });
}
