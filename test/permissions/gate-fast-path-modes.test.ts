// The two fast paths through the real gate: strict where no sandbox contains a command (only known-safe
// command and option forms, every token checked; no wrappers, inexact expansions, here-documents in
// substitutions or sed programs beyond p and s///), and broader where the read-only profile contains it
// (system queries, text tools, xargs and find -exec around read-only commands, expansions, devices).
import assert from "node:assert/strict";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ENFORCED_COMMANDS } from "../../src/shell/bash-read-only-enforced.js";
import { READ_ONLY_COMMANDS } from "../../src/shell/bash-read-only-list.js";
import { STRICT_OPTIONS } from "../../src/shell/bash-strict-forms.js";
import { bash, emptyRules, type Layout, makeGate, makeLayout } from "./support.js";

let layout: Layout;
before(async () => {
  layout = await makeLayout();
  await writeFile(join(layout.project, "README.md"), "# x\n");
  await mkdir(join(layout.project, "docs"));
});
after(async () => {
  await rm(layout.root, { recursive: true, force: true });
});

async function fastPath(command: string, readOnlyEnforced: boolean, rules = emptyRules()) {
  const { gate } = makeGate(layout, { interactive: false, readOnlyEnforced, rules });
  const decision = await gate.check(bash(command));
  return decision.behavior === "allow" && decision.readOnlyFastPath === true;
}

/** Plainly read-only commands the enforced fast path covers and the strict one does not. */
const ENFORCED_ONLY = [
  "node --version",
  "ps aux",
  "df -h",
  "find . -name '*.ts' | xargs wc -l",
  'basename "$PWD"',
  'for f in *.md; do wc -l "$f"; done',
  "find . -name '*.md' -exec wc -l {} +",
  "timeout 5 cat README.md",
  'cat "$(ls README.md)"',
  "sed -n '/a/,$d' README.md",
  "free -h",
  "env",
];
/** Plainly read-only commands both cover. */
const BOTH = [
  "grep -rn --include=*.md TODO .",
  "paste README.md README.md",
  "base64 README.md",
  "git config user.name",
  "cat /dev/null",
  "ls -la",
  "git status --short",
  "sed -n '1,5p' README.md",
  "cat *.md",
];

describe("strict and enforced fast paths", () => {
  for (const command of ENFORCED_ONLY) {
    test(`enforced only: ${command}`, async () => {
      assert.equal(await fastPath(command, true), true, "enforced");
      assert.equal(await fastPath(command, false), false, "strict");
    });
  }
  for (const command of BOTH) {
    test(`both: ${command}`, async () => {
      assert.equal(await fastPath(command, true), true, "enforced");
      assert.equal(await fastPath(command, false), true, "strict");
    });
  }
  for (const command of [
    "ls --hyperlink",
    "cat $FILE",
    "sed -n '1d' README.md",
    "git log --show-signature",
    "find . -newer README.md -printf x",
    "bash -c 'cat README.md'",
    "echo \"$(cat <<'EOF'\nhi\nEOF\n)\"",
  ]) {
    test(`strict refuses: ${JSON.stringify(command)}`, async () => {
      assert.equal(await fastPath(command, false), false);
    });
  }
  test("a here-document in a substitution: no fast path in strict, allow rules still cover the commands", async () => {
    const commit = "git commit -m \"$(cat <<'EOF'\nfix: x\nEOF\n)\"";
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(git commit:*)"] }),
    });
    assert.deepEqual(await gate.check(bash(commit)), {
      behavior: "allow",
      by: "rule",
      rule: "Bash(git commit:*)",
    });
    const { gate: plain } = makeGate(layout, { interactive: false });
    const refused = await plain.check(bash("echo \"$(cat <<'EOF'\nhi\nEOF\n)\""));
    assert.equal(refused.behavior, "deny");
    if (refused.behavior === "deny") assert.match(refused.message, /here-document inside a substitution/);
  });
  test("enforced: still no writes, no outside paths, and deny rules on unknown paths ask", async () => {
    for (const command of ["sort -o out README.md", "cat ../outside/x.txt", "find . | xargs rm", "npm test"])
      assert.equal(await fastPath(command, true), false, command);
    const { gate } = makeGate(layout, {
      interactive: false,
      readOnlyEnforced: true,
      rules: emptyRules({ deny: ["Read(./secrets/**)"] }),
    });
    assert.equal((await gate.check(bash('cat "$F"'))).behavior, "deny");
  });
  test("plan mode: a hook's allow of a Bash line still runs it in the read-only profile", async () => {
    const { gate } = makeGate(layout, { interactive: false, mode: "plan", readOnlyEnforced: true });
    assert.deepEqual(await gate.check(bash("ls", { hookDecision: "allow" })), {
      behavior: "allow",
      by: "hook",
      readOnlyFastPath: true,
    });
  });
});

describe("the strict allow-list lists no dangerous option", () => {
  test("no option a read-only spec calls unsafe, or whose value is a file, is known-safe", () => {
    for (const [name, allowed] of Object.entries(STRICT_OPTIONS)) {
      const spec = READ_ONLY_COMMANDS[name] ?? ENFORCED_COMMANDS[name];
      assert.ok(spec, `${name} has a read-only spec`);
      const dangerous = [
        ...Object.keys(spec.unsafe ?? {}),
        ...(spec.readsValue ?? []),
        ...(spec.writesValue ?? []),
      ];
      for (const option of dangerous) assert.ok(!allowed.has(option), `${name} ${option} is listed as safe`);
    }
  });
});
