// Plainly read-only commands (issue 27's ten that asked, and 26 everyday ones) through the built CLI,
// headless with no rules and bubblewrap here: which run without a prompt, and that each of those ran
// in the sandbox's read-only profile (the runner's `tool.containment` trace line), in default mode and
// plan mode, with and without `sandbox.enabled`. At least as many as Claude Code's 21 of 36 run.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { needsSandbox } from "../support/sandbox.js";
import { type SandboxHome, type SessionRun, sandboxHome, sandboxSession } from "../support/sandbox-cli.js";
import { writeTree } from "../support/temp-folder.js";

const READ_ONLY_FIXTURES = [
  "node --version",
  "ps aux",
  "df -h",
  "find . -name '*.ts' | xargs wc -l",
  "grep -rn --include=*.md TODO .",
  "paste a.txt b.txt",
  "base64 a.txt",
  'basename "$PWD"',
  "git config user.name",
  "cat /dev/null",
  "ls -la",
  "cat README.md",
  "head -n 3 README.md",
  "wc -l README.md",
  "grep -rn TODO src",
  "git ls-files",
  "git status",
  "git log --oneline -5",
  "git diff",
  "git show --stat HEAD",
  "git branch",
  "find . -name '*.md'",
  "sort data.csv",
  "sort data.csv | uniq -c",
  "cut -d, -f1 data.csv",
  "tr a-z A-Z < a.txt",
  "date",
  "whoami",
  "uname -a",
  "which node",
  "file README.md",
  "stat README.md",
  "du -sh .",
  "pwd",
  "env | sort",
  'for f in *.md; do wc -l "$f"; done',
];

const MINIMUM_UNPROMPTED = 21;

/** Which calls ran without a prompt, and the containment each call got. */
function unprompted(run: SessionRun): { ran: string[]; containment: Map<string, string> } {
  const containment = new Map<string, string>();
  for (const [, id, kind] of run.stderr.matchAll(
    /\[trace\] tool\.containment tool=Bash id=(\S+) containment=(\S+)/g,
  )) {
    assert.ok(id && kind);
    containment.set(id, kind);
  }
  const ran = READ_ONLY_FIXTURES.filter((_, index) => run.outcomes.get(`c${index}`)?.denied === false);
  return { ran, containment };
}

describe("36 plainly read-only commands run unprompted in the read-only profile", needsSandbox, () => {
  let machine: SandboxHome;
  const calls = READ_ONLY_FIXTURES.map((command, index) => ({ id: `c${index}`, input: { command } }));

  before(() => {
    machine = sandboxHome("read-only-fixtures");
    writeTree(machine.project, {
      "a.txt": "alpha\nbeta\n",
      "b.txt": "one\ntwo\n",
      "data.csv": "b,2\na,1\nb,2\n",
      "src/x.ts": "// TODO: more\nexport {};\n",
      "docs/guide.md": "TODO: write\n",
    });
    const git = (...args: string[]) => spawnSync("git", args, { cwd: machine.project, env: machine.env() });
    git("add", "-A");
    git("commit", "-qm", "fixture");
  });
  after(() => machine.cleanup());

  const cases: [string, string[], boolean][] = [
    ["default mode", [], false],
    ["plan mode", ["--permission-mode", "plan"], false],
    ["default mode with sandbox.enabled", [], true],
  ];
  for (const [label, args, enabled] of cases) {
    test(label, async () => {
      const settings = join(machine.home, ".claude", "settings.json");
      mkdirSync(join(machine.home, ".claude"), { recursive: true });
      writeFileSync(settings, JSON.stringify(enabled ? { sandbox: { enabled: true } } : {}));
      const run = await sandboxSession(machine, calls, { args, env: { TRACE: "1" } });
      const { ran, containment } = unprompted(run);
      const asked = READ_ONLY_FIXTURES.filter((command) => !ran.includes(command));
      console.log(
        `${label}: ${ran.length} of ${READ_ONLY_FIXTURES.length} unprompted; asked: ${asked.join(" | ")}`,
      );
      assert.ok(
        ran.length >= MINIMUM_UNPROMPTED,
        `${ran.length} ran unprompted; asked: ${asked.join(" | ")}`,
      );
      for (const [index, command] of READ_ONLY_FIXTURES.entries()) {
        if (!ran.includes(command)) continue;
        assert.equal(containment.get(`c${index}`), "read-only", command);
        assert.equal(
          run.outcomes.get(`c${index}`)?.isError,
          false,
          `${command}: ${run.outcomes.get(`c${index}`)?.text}`,
        );
      }
    });
  }
});
