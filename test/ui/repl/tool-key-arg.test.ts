import assert from "node:assert/strict";
import { test } from "node:test";
import { displayPath, historyToolSummary, KEY_ARG_MAX } from "../../../src/ui/repl/tool-key-arg.js";

const cwd = "/home/ada/project";

test("file paths are shown relative to the project when inside it", () => {
  assert.equal(
    historyToolSummary("Read", { file_path: "/home/ada/project/src/a.ts" }, cwd),
    "Read(src/a.ts)",
  );
  assert.equal(historyToolSummary("Edit", { file_path: "notes.md", old_string: "x" }, cwd), "Edit(notes.md)");
  assert.equal(
    historyToolSummary("Write", { file_path: "/etc/hosts", content: "" }, cwd),
    "Write(/etc/hosts)",
  );
  assert.equal(displayPath("/home/ada/project", cwd), ".");
  assert.equal(displayPath("/home/ada/project-two/x", cwd), "/home/ada/project-two/x");
  assert.equal(displayPath("/home/ada/x", cwd), "/home/ada/x");
});

test("commands, patterns, skills and other key arguments", () => {
  assert.equal(historyToolSummary("Bash", { command: "npm test", timeout: 5 }, cwd), "Bash(npm test)");
  assert.equal(historyToolSummary("Bash", { command: "cd a\nmake all" }, cwd), "Bash(cd a …)");
  assert.equal(historyToolSummary("Grep", { pattern: "TODO" }, cwd), "Grep(TODO)");
  assert.equal(
    historyToolSummary("Glob", { pattern: "**/*.ts", path: "/home/ada/project/src" }, cwd),
    "Glob(**/*.ts in src)",
  );
  assert.equal(historyToolSummary("Skill", { skill: "greet", args: "Ada" }, cwd), "Skill(greet)");
  assert.equal(
    historyToolSummary("ReadMcpResource", { server: "docs", uri: "doc://a" }, cwd),
    "ReadMcpResource(doc://a)",
  );
  assert.equal(historyToolSummary("mcp__fx__echo", { count: 2, text: "hi" }, cwd), "mcp__fx__echo(hi)");
});

test("no key argument gives the bare name; long values are cut", () => {
  assert.equal(historyToolSummary("ListMcpResources", {}, cwd), "ListMcpResources");
  assert.equal(historyToolSummary("Odd", { n: 1, empty: "  " }, cwd), "Odd");
  assert.equal(historyToolSummary("Odd", "not an object", cwd), "Odd");
  const long = historyToolSummary("Bash", { command: "x".repeat(200) }, cwd);
  assert.equal(long, `Bash(${"x".repeat(KEY_ARG_MAX - 1)}…)`);
});
