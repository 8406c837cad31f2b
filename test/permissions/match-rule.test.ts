import assert from "node:assert/strict";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { matchRule } from "../../src/permissions/match-rule.js";
import { tempFolder } from "../support/temp-folder.js";

const plainContext = { cwd: "/project", homeDir: "/home/user" };

type BashCase = [rule: string, command: string, expected: boolean | "unparseable"];

// matchRule answers "does the rule cover any part of this call" (deny rules, hook `if` filters).
const bashCases: BashCase[] = [
  ["Bash", "anything at all", true],
  ["Bash(*)", "rm -rf /", true],
  ["Bash(npm test)", "npm test", true],
  ["Bash(npm test)", "npm  test ", true],
  ["Bash(npm test)", "npm test --watch", false],
  ["Bash(npm test)", "npm tests", false],
  ["Bash(npm run test:*)", "npm run test", true],
  ["Bash(npm run test:*)", "npm run test:unit", true],
  ["Bash(npm run test:*)", "npm run test -- --grep x", true],
  ["Bash(npm run test:*)", "npm run tests", false],
  ["Bash(npm:*)", "npmx install", false],
  ["Bash(git commit *)", "git commit -m 'fix it'", true],
  ["Bash(git commit *)", "git commit", true],
  ["Bash(git commit *)", "git commitx", false],
  ["Bash(git * main)", "git push origin main", true],
  ["Bash(git * main)", "git push origin dev", false],
  ["Bash(ls*)", "lsof", true],
  ["Bash(ls *)", "lsof", false],
  ['Bash(git commit -m "a b")', 'git commit -m "a b"', true],
  // Bypass attempts: a deny rule for rm must see every simple command.
  ["Bash(rm *)", "npm test && rm -rf x", true],
  ["Bash(rm *)", "npm test || rm -rf x", true],
  ["Bash(rm *)", "npm test; rm -rf x", true],
  ["Bash(rm *)", "npm test | rm -rf x", true],
  ["Bash(rm *)", "npm test & rm -rf x", true],
  ["Bash(rm *)", "npm test\nrm -rf x", true],
  ["Bash(rm *)", "echo $(rm x)", true],
  ["Bash(rm *)", 'echo "$(rm x)"', true],
  ["Bash(rm *)", "echo `rm x`", true],
  ["Bash(rm *)", "diff <(rm x) y", true],
  ["Bash(rm *)", "bash -c 'rm x'", true],
  ["Bash(rm *)", 'sh -c "echo hi; rm x"', true],
  ["Bash(rm *)", "bash -lc 'rm x'", true],
  ["Bash(rm *)", "eval 'rm x'", true],
  ["Bash(rm *)", "FOO=1 rm x", true],
  ["Bash(rm *)", "FOO=1 BAR='a b' rm x", true],
  ["Bash(rm *)", "(cd /tmp && rm x)", true],
  ["Bash(rm *)", "if true; then rm x; fi", true],
  ["Bash(rm *)", "sudo rm x", true],
  ["Bash(rm *)", "env A=1 rm x", true],
  ["Bash(rm *)", "timeout 5 rm x", true],
  ["Bash(rm *)", "find . | xargs -n 1 rm", true],
  // A program given by path is matched by its name too (any-part matching only; see gate-rules).
  ["Bash(rm *)", "/bin/rm x", true],
  ["Bash(rm *)", "/usr/bin/rm -rf x", true],
  ["Bash(rm *)", "./node_modules/.bin/rm x", true],
  ["Bash(rm *)", "../x/rm x", true],
  ["Bash(rm *)", "'/bin/rm' x", true],
  ["Bash(rm *)", "npm test && /bin/rm x", true],
  ["Bash(rm *)", "sudo /bin/rm x", true],
  ["Bash(rm *)", "env /bin/rm x", true],
  ["Bash(rm *)", "/usr/bin/env /bin/rm x", true],
  ["Bash(rm *)", "command /bin/rm x", true],
  ["Bash(rm *)", "builtin rm x", true],
  ["Bash(rm *)", "exec /bin/rm x", true],
  ["Bash(rm *)", "nohup /bin/rm x", true],
  ["Bash(rm *)", "sudo -u root env A=1 /bin/rm x", true],
  ["Bash(rm *)", "\\rm x", true],
  ["Bash(rm -rf *)", "/bin/rm -rf x", true],
  ["Bash(rm *)", "/bin/rmdir x", false],
  ["Bash(rm *)", "/bin/", false],
  ["Bash(rm *)", "ls /bin/rm", false],
  ["Bash(/bin/rm *)", "/bin/rm x", true],
  ["Bash(/bin/rm *)", "rm x", false],
  ["Bash(rm *)", "echo 'rm x'", false],
  ["Bash(rm *)", "echo rm x", false],
  ["Bash(rm *)", "echo a \\; rm x", false],
  ["Bash(npm test)", "rm x # npm test", false],
  ["Bash(npm test)", "npm test # a comment", true],
  ["Bash(npm test)", "npm test > out.txt 2>&1", true],
  // Not parseable with confidence: the matcher says so unless the whole text matches.
  // A here-document's body is data (its substitutions are commands).
  ["Bash(rm *)", "cat <<EOF\nrm x\nEOF", false],
  ["Bash(rm *)", "cat <<EOF\n$(rm x)\nEOF", true],
  ["Bash(rm *)", "cat <<'EOF'\n$(rm x)\nEOF", false],
  ["Bash(rm *)", "case x in a) rm x;; esac", "unparseable"],
  ["Bash(rm *)", "$CMD x", "unparseable"],
  ["Bash(rm *)", "echo 'open", "unparseable"],
  ["Bash(rm *)", "rm x <<EOF\nEOF", true],
  ["Read", "rm x", false],
];

describe("matchRule: Bash", () => {
  for (const [rule, command, expected] of bashCases) {
    test(`${rule} vs ${JSON.stringify(command)} → ${expected}`, () => {
      assert.equal(matchRule(rule, "Bash", { command }, plainContext), expected);
    });
  }
});

type ToolCase = [rule: string, tool: string, input: Record<string, unknown>, expected: boolean];

const toolCases: ToolCase[] = [
  ["mcp__github", "mcp__github__create_issue", {}, true],
  ["mcp__github__*", "mcp__github__create_issue", {}, true],
  ["mcp__github__create_issue", "mcp__github__create_issue", {}, true],
  ["mcp__github__create_issue", "mcp__github__delete_repo", {}, false],
  ["mcp__git", "mcp__github__create_issue", {}, false],
  ["Edit", "Write", { file_path: "/project/a" }, true],
  ["Edit", "NotebookEdit", { notebook_path: "/project/a.ipynb" }, true],
  ["Write", "Edit", { file_path: "/project/a" }, false],
  ["Read", "Grep", { pattern: "x" }, true],
  ["Read", "Edit", { file_path: "/project/a" }, false],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "https://example.com/x" }, true],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "http://EXAMPLE.com./x" }, true],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "https://user@example.com:8443/x" }, true],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "https://docs.example.com/x" }, false],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "https://example.org/x" }, false],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "https://badexample.com/" }, false],
  ["WebFetch(domain:example.com)", "WebFetch", { url: "https://example.com.evil.net/" }, false],
  ["WebFetch(domain:*.example.com)", "WebFetch", { url: "https://docs.example.com/x" }, true],
  ["WebFetch(domain:*.example.com)", "WebFetch", { url: "https://a.b.example.com./x" }, true],
  ["WebFetch(domain:*.example.com)", "WebFetch", { url: "https://example.com/x" }, false],
  ["WebFetch(domain:*.example.com)", "WebFetch", { url: "https://badexample.com/" }, false],
  ["WebFetch(domain:*)", "WebFetch", { url: "https://anything.example/" }, true],
  ["WebFetch(domain:*)", "WebFetch", { url: "not a url" }, false],
  ["WebFetch(domain:127.0.0.1)", "WebFetch", { url: "http://0x7f.1/" }, true],
  ["WebFetch(domain:[::1])", "WebFetch", { url: "http://[0::1]:8080/" }, true],
  ["Skill(deploy)", "Skill", { skill: "deploy" }, true],
  ["Skill(deploy)", "Skill", { skill: "other" }, false],
];

describe("matchRule: tools, MCP and opaque specifiers", () => {
  for (const [rule, tool, input, expected] of toolCases) {
    test(`${rule} vs ${tool} ${JSON.stringify(input)} → ${expected}`, () => {
      assert.equal(matchRule(rule, tool, input, plainContext), expected);
    });
  }
  test("an invalid rule text throws a named error", () => {
    assert.throws(
      () => matchRule("Bash(", "Bash", { command: "ls" }, plainContext),
      /Invalid permission rule/,
    );
  });
});

describe("matchRule: paths (real temp dirs)", () => {
  let root: string;
  let project: string;
  let home: string;
  let outside: string;
  const context = () => ({ cwd: project, homeDir: home });
  const read = (rule: string, file: string, tool = "Read") =>
    matchRule(
      rule,
      tool,
      tool === "Grep" || tool === "Glob" ? { path: file } : { file_path: file },
      context(),
    );

  before(async () => {
    root = tempFolder("perm");
    project = join(root, "project");
    home = join(root, "home");
    outside = join(root, "outside");
    await mkdir(join(project, "src", "deep"), { recursive: true });
    await mkdir(join(project, "secrets"), { recursive: true });
    await mkdir(join(home, "docs"), { recursive: true });
    await mkdir(outside, { recursive: true });
    await writeFile(join(project, "src", "a.ts"), "");
    await writeFile(join(project, "secrets", "key"), "");
    await writeFile(join(outside, "x.ts"), "");
    await symlink(join(project, "secrets"), join(project, "innocent"));
    await symlink(outside, join(project, "src", "escape"));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test("relative and ./ patterns resolve against the working directory", () => {
    assert.equal(read("Read(./src/**)", "src/a.ts"), true);
    assert.equal(read("Read(src/**)", join(project, "src/deep/new.ts")), true);
    assert.equal(read("Read(./src/**)", "secrets/key"), false);
    assert.equal(read("Edit(src/**/*.ts)", "src/a.ts", "Edit"), true);
    assert.equal(read("Edit(src/**/*.ts)", "src/a.js", "Write"), false);
  });
  test("a pattern without a slash matches at any depth; a matching folder covers its contents", () => {
    assert.equal(read("Read(*.ts)", "src/deep/b.ts"), true);
    assert.equal(read("Read(.env)", "src/.env"), true);
    assert.equal(read("Read(secrets)", "secrets/key"), true);
    assert.equal(read("Read(src/deep)", "src/deep/c/d.ts"), true);
  });
  test("// is absolute, ~/ is home, a leading / is the project root", () => {
    assert.equal(read(`Read(/${outside}/**)`, join(outside, "x.ts")), true);
    assert.equal(read("Read(~/docs/**)", join(home, "docs/a.md")), true);
    assert.equal(read("Read(~/docs/**)", "~/docs/a.md"), true);
    assert.equal(read("Read(/src/*.ts)", "src/a.ts"), true);
    assert.equal(read("Read(/src/*.ts)", "src/deep/b.ts"), false);
  });
  test("Grep and Glob directories are matched by Read rules, the folder itself included", () => {
    assert.equal(read("Read(src/**)", "src", "Grep"), true);
    assert.equal(read("Read(src/**)", ".", "Glob"), false);
  });
  test("`..` escapes are resolved before matching", () => {
    assert.equal(read("Read(src/**)", "src/../secrets/key"), false);
    assert.equal(read("Read(secrets/**)", "src/../secrets/key"), true);
    assert.equal(read("Read(src/**)", "src/../../outside/x.ts"), false);
  });
  test("symlinks are followed before matching", () => {
    assert.equal(read("Read(secrets/**)", "innocent/key"), true);
    assert.equal(read("Read(src/**)", "src/escape/x.ts"), false);
    assert.equal(read(`Read(/${outside}/**)`, "src/escape/x.ts"), true);
    assert.equal(read("Edit(secrets/**)", "innocent/new-file", "Write"), true);
  });
});
