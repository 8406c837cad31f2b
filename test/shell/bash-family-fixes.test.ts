// The classes of misreading found by reading the gate as an attacker (issue 27), each fixed in the
// analysis: sed labels end at blanks, shell options that change meaning, here-documents pending at a
// substitution, brace and bracket expansion decided on the unquoted skeleton, unmatched patterns,
// program files of jq and awk, git's --output and outside paths, find -files0-from, ls -RL, diff -r.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { analyseBash, type FastPath } from "../../src/shell/bash-analysis.js";
import { parseBash } from "../../src/shell/bash-parser.js";
import { bash, emptyRules, makeGate } from "../permissions/support.js";
import { tempFolder } from "../support/temp-folder.js";

const root = tempFolder("family");
const project = join(root, "project");
const outside = join(root, "outside");
const home = join(root, "home");
mkdirSync(join(project, "src"), { recursive: true });
mkdirSync(outside, { recursive: true });
mkdirSync(home);
writeFileSync(join(project, ".env"), "SECRET=1\n");
writeFileSync(join(project, "README.md"), "read me\n");
writeFileSync(join(project, "f"), "x\n");
writeFileSync(join(outside, "x"), "outside\n");
symlinkSync(outside, join(project, "lnk"));
after(() => rmSync(root, { recursive: true, force: true }));

function analysed(command: string, fastPath: FastPath = "enforced") {
  const result = analyseBash(command, { cwd: project, homeDir: home, fastPath });
  assert.equal(result.kind, "analysed", result.kind === "unparseable" ? result.reason : "");
  if (result.kind !== "analysed") throw new Error("unreachable");
  return result;
}

/** Whether the whole line is read-only as the analysis sees it (no reason, every command read-only). */
function readOnly(command: string): boolean {
  const result = analysed(command);
  return (
    result.reasons.length === 0 &&
    result.commands.every((entry) => entry.readOnly === true) &&
    result.accesses.every((access) => access.mode !== "write" && access.path !== null)
  );
}

describe("sed: a label ends at a blank or ';'", () => {
  test("`:a e CMD` and `:a w FILE` are a label and then an e / w command", () => {
    assert.match(String(analysed("sed -n ':a e touch x' f").commands[0]?.readOnly), /runs a command \(e\)/);
    assert.match(
      String(analysed("sed -n ':a w .claude/settings.local.json' f").commands[0]?.readOnly),
      /writes a file \(w\)/,
    );
    assert.match(String(analysed("sed -n 'b end w out' f").commands[0]?.readOnly), /writes a file/);
    assert.match(String(analysed("sed -n 'q 5 w out' f").commands[0]?.readOnly), /writes a file/);
  });
  test("labels and branches that do nothing else stay read-only", () => {
    assert.ok(readOnly("sed -n ':a;N;$!ba;p' f"));
    assert.ok(readOnly("sed -n 'b end; :end p' f"));
  });
});

describe("shell options that change what a line means are not harmless", () => {
  for (const command of [
    "bash -k -c 'git diff GIT_EXTERNAL_DIFF=./x'",
    "bash -P -c 'cd lnk/.. && cat f'",
    "bash -a -c 'x=1; git status'",
    "sh -f -c 'cat *'",
    "bash +B -c 'cat {a,b}'",
  ]) {
    test(command, () => assert.equal(readOnly(command), false));
  }
  for (const command of ["set -k; git diff GIT_EXTERNAL_DIFF=./x", "set -P; cd lnk/..; cat f", "set -f"]) {
    test(command, () => assert.ok(analysed(command).reasons.some((reason) => /^set -/.test(reason))));
  }
  test("the harmless ones still are", () => {
    assert.ok(readOnly("bash -eu -o pipefail -c 'cat f'"));
    assert.ok(readOnly("set -eux; cat f"));
  });
});

describe("a here-document pending at a substitution makes the line unparseable", () => {
  for (const source of [
    'cat <<EOF; echo "$(\ntouch X\nEOF\n)"\nEOF',
    "cat <<EOF; echo $(\ntouch X\nEOF\n)\nEOF",
    "cat <<EOF; echo `\ntouch X\nEOF\n`\nEOF",
    "cat <<EOF <(\ntouch X\nEOF\n)\nEOF",
  ]) {
    test(JSON.stringify(source), () => {
      const parsed = parseBash(source);
      assert.equal(parsed.kind, "unparseable");
      if (parsed.kind === "unparseable") assert.match(parsed.reason, /here-document/);
    });
  }
  test("a here-document whose body follows the line still parses", () => {
    assert.equal(parseBash("cat <<EOF\n$(date)\nEOF\necho $(pwd)").kind, "parsed");
  });
});

describe("braces and brackets decided on the word's unquoted skeleton", () => {
  test("braces split across quoted parts are brace expansion", () => {
    const result = analysed('cat {"../outside/x",README.md}');
    assert.equal(result.commands[0]?.words[1]?.value, null);
    assert.equal(readOnly('cat {"../outside/x",README.md}'), false);
    const redirect = analysed('echo x > {".claude/settings.local.json",}');
    assert.deepEqual(
      redirect.accesses.map((access) => access.path),
      [null],
    );
    assert.equal(analysed("echo {{a},b}").commands[0]?.words[1]?.value, null);
  });
  test("quoted commas and lone braces stay literal", () => {
    assert.equal(analysed('echo {"a,b"}').commands[0]?.words[1]?.value, "{a,b}");
    assert.equal(analysed("echo {}").commands[0]?.words[1]?.value, "{}");
  });
  test("bracket globs follow bash: [!x] negates; classes and quoted parts are unknown", () => {
    assert.deepEqual(
      analysed("cat .e[!x]v").accesses.map((access) => access.path),
      [join(project, ".env")],
    );
    assert.deepEqual(
      analysed("cat .e[^x]v").accesses.map((access) => access.path),
      [join(project, ".env")],
    );
    for (const command of ["cat .[[=e=]]nv", "cat .[[:alpha:]]nv", 'cat "."["e"]nv', "cat .e[\\n]v"]) {
      assert.equal(readOnly(command), false, command);
    }
    assert.equal(analysed("cat a[b").commands[0]?.words[1]?.value, "a[b");
  });
  test("a pattern that matches nothing is not taken as a literal path", () => {
    assert.equal(readOnly("cat src/*.nothing"), false);
    assert.equal(readOnly("cat R*.md"), true);
  });
  test("tilde: only a lone ~ or ~/ is the home folder; ~ after = in assignment-shaped words is unknown", () => {
    assert.equal(analysed("cat ~/x").commands[0]?.words[1]?.value, join(home, "x"));
    for (const word of ['~"/x"', "~root/x", "~+/x", "a=~/x", "b=c:~/y"])
      assert.equal(analysed(`echo ${word}`).commands[0]?.words[1]?.value, null, word);
    assert.equal(analysed("echo --c=~/z").commands[0]?.words[1]?.value, "--c=~/z");
  });
});

describe("programs that read or write what their model did not record", () => {
  const notReadOnly: [string, RegExp][] = [
    ["jq -f prog.jq f", /jq -f runs a program from a file/],
    ["jq --from-file prog.jq f", /jq -f runs a program from a file/],
    ["find . -files0-from list", /files0-from/],
    ["ls -RL .", /ls -RL follows symbolic links/],
    ["ls -R --dereference src", /ls -RL follows symbolic links/],
    ["diff -r src lnk", /diff -r follows symbolic links/],
  ];
  for (const [command, why] of notReadOnly) {
    test(command, () => assert.match(String(analysed(command).commands[0]?.readOnly), why));
  }
  for (const command of [
    "awk -E prog.awk f",
    "awk -W exec prog.awk",
    "awk --exec prog.awk",
    "awk -f prog.awk f",
    "gawk -i inplace '{print}' f",
    "awk '@include \"x\"' f",
  ]) {
    test(command, () => assert.ok(analysed(command).reasons.some((reason) => /awk/.test(reason))));
  }
  test("plain awk options stay without a reason", () => {
    assert.deepEqual(analysed("awk -F: -v n=1 '{print $1}' f").reasons, []);
  });
  test("git --output (and its abbreviations) is a write the analysis records", () => {
    for (const command of [
      "git log --output=.claude/settings.local.json",
      "git log --outp .claude/settings.local.json",
    ]) {
      const writes = analysed(command).accesses.filter((access) => access.mode === "write");
      assert.deepEqual(
        writes.map((access) => access.path),
        [join(project, ".claude/settings.local.json")],
        command,
      );
    }
  });
  test("git diff's paths are read: one outside the workspace is visible to the gate", () => {
    const paths = analysed("git diff f ../outside/x").accesses.map((access) => access.path);
    assert.deepEqual(paths, [join(project, "f"), join(outside, "x")]);
  });
});

describe("through the gate", () => {
  test("git log --output= under Bash(git log:*) asks: it writes protected configuration", async () => {
    const layout = { root, project, outside, home, extra: root };
    const { gate } = makeGate(layout, {
      interactive: false,
      rules: emptyRules({ allow: ["Bash(git log:*)"] }),
    });
    const decision = await gate.check(bash("git log --output=.claude/settings.local.json"));
    assert.equal(decision.behavior, "deny");
    if (decision.behavior === "deny") assert.match(decision.message, /protected|\.claude/);
    assert.equal((await gate.check(bash("git log --oneline"))).behavior, "allow");
  });
});

describe("the glob matcher", () => {
  test("a pattern of many stars against a long name is decided quickly", () => {
    writeFileSync(join(project, "src", "a".repeat(200)), "");
    const started = Date.now();
    const result = analysed(`cat src/${"*a".repeat(30)}*b`);
    assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
    assert.equal(result.commands[0]?.words[1]?.value, null);
    rmSync(join(project, "src", "a".repeat(200)));
  });
});

describe("scripts of shells that are not bash (found by the differential test)", () => {
  test("sh reads [^x] and &> otherwise; zsh and ksh are other languages", () => {
    assert.ok(
      analysed("sh -c 'cat .e[^x]v'").reasons.some((reason) => /\[\^ means something else/.test(reason)),
    );
    assert.ok(
      analysed("dash -c 'cat a &> o'").reasons.some((reason) => /&> means something else/.test(reason)),
    );
    assert.ok(analysed("zsh -c 'cat f'").reasons.some((reason) => /zsh's language differs/.test(reason)));
    assert.deepEqual(analysed("bash -c 'cat .e[^x]v'").reasons, []);
    assert.deepEqual(analysed("sh -c 'cat f'").reasons, []);
  });
});
