import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseRule, validateRule } from "../../src/permissions/rule.js";

describe("parseRule", () => {
  test("reads every rule shape", () => {
    assert.deepEqual(parseRule("Bash"), { kind: "tool", text: "Bash", tool: "Bash" });
    assert.equal(parseRule("Bash(npm test)").kind, "bash");
    assert.deepEqual(parseRule("Bash(npm run test:*)"), {
      kind: "bash",
      text: "Bash(npm run test:*)",
      tool: "Bash",
      pattern: { kind: "prefix", prefix: "npm run test" },
    });
    assert.equal(parseRule("Bash(git commit *)").kind, "bash");
    assert.deepEqual(parseRule("Read(./src/**)"), {
      kind: "path",
      text: "Read(./src/**)",
      tool: "Read",
      anchor: "cwd",
      pattern: "./src/**",
    });
    assert.equal((parseRule("Write(//abs/path/**)") as { anchor: string }).anchor, "absolute");
    assert.equal((parseRule("Read(~/notes/*.md)") as { anchor: string }).anchor, "home");
    assert.equal((parseRule("Edit(/src/**/*.ts)") as { anchor: string }).anchor, "project");
    assert.deepEqual(parseRule("mcp__github"), {
      kind: "mcp",
      text: "mcp__github",
      server: "github",
      tool: null,
    });
    assert.deepEqual(parseRule("mcp__github__*"), {
      kind: "mcp",
      text: "mcp__github__*",
      server: "github",
      tool: null,
    });
    assert.deepEqual(parseRule("mcp__github__create_issue"), {
      kind: "mcp",
      text: "mcp__github__create_issue",
      server: "github",
      tool: "create_issue",
    });
    assert.equal(parseRule("WebFetch(domain:example.com)").kind, "domain");
    assert.equal(parseRule("Task(reviewer)").kind, "opaque");
    assert.equal(parseRule("Read(*)").kind, "tool");
  });

  const invalid: [string, RegExp][] = [
    ["", /empty/],
    ["Bash(npm test", /missing closing parenthesis/],
    ["Bash(npm test) extra", /missing closing parenthesis/],
    ["Bash()", /empty/],
    ["Read( )", /empty/],
    ["bash(ls)", /case-sensitive: did you mean Bash/],
    ["Bash(npm:* test)", /only allowed at the end/],
    ["Bash(:*)", /needs a command prefix/],
    ["Bash(git * push:*)", /cannot be combined/],
    ["mcp__github(x)", /take no parentheses/],
    ["mcp__", /server name is missing/],
    ["Read(~bob/x)", /only ~\//],
    ["Some Tool", /not a tool name/],
    ["WebFetch(domain:exa mple.com)", /not a domain name/],
    ["WebFetch(domain:https://example.com)", /not a domain name/],
    ["WebFetch(domain:ex*.com)", /not a domain name/],
  ];
  for (const [text, error] of invalid) {
    test(`rejects ${JSON.stringify(text)}`, () => {
      assert.match(validateRule(text) ?? "valid", error);
      assert.throws(
        () => parseRule(text),
        (thrown: Error) => {
          assert.equal(thrown.name, "UsageError");
          assert.match(thrown.message, /Invalid permission rule/);
          return true;
        },
      );
    });
  }

  test("valid rules validate to null", () => {
    for (const text of ["Bash", "Bash(ls *)", "Edit(src/**/*.ts)", "mcp__s__t", "NotebookEdit(x.ipynb)"]) {
      assert.equal(validateRule(text), null, text);
    }
  });
});
