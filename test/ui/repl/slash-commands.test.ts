import assert from "node:assert/strict";
import { test } from "node:test";
import {
  allCommands,
  nearestCommands,
  parseSlash,
  suggestCommands,
} from "../../../src/ui/repl/slash-commands.js";
import { editDistance } from "../../../src/util/edit-distance.js";

const commands = allCommands(
  [{ name: "review-pr", description: "Review a pull request" }],
  [{ server: "docs", name: "summarize", description: "Summarize a page" }],
);

test("parseSlash splits the name from the argument text", () => {
  assert.deepEqual(parseSlash("/model  claude-x "), { name: "model", args: "claude-x" });
  assert.deepEqual(parseSlash('/docs:summarize "a b" c'), { name: "docs:summarize", args: '"a b" c' });
  assert.deepEqual(parseSlash("/help"), { name: "help", args: "" });
  assert.deepEqual(parseSlash("/init focus on\ntests"), { name: "init", args: "focus on\ntests" });
  assert.equal(parseSlash("hello /help"), undefined);
  assert.equal(parseSlash("/"), undefined);
  assert.equal(parseSlash("/usr/bin/env is a path"), undefined);
});

test("suggestions: prefix matches first, then substring, only while typing the name", () => {
  assert.deepEqual(
    suggestCommands("/c", commands).map((command) => command.name),
    ["clear", "compact", "context", "cost", "mcp", "docs:summarize"],
  );
  assert.deepEqual(
    suggestCommands("/rev", commands).map((command) => command.name),
    ["review-pr"],
  );
  assert.equal(suggestCommands("/model ", commands).length, 0);
  assert.equal(suggestCommands("model", commands).length, 0);
  assert.equal(suggestCommands("/", commands).length, commands.length, "every command is offered");
});

test("skills and MCP prompts join the command list; a skill cannot shadow a built-in", () => {
  const list = allCommands(
    [
      { name: "help", description: "x" },
      { name: "deploy", description: "Deploy" },
    ],
    [],
  );
  assert.equal(list.filter((command) => command.name === "help").length, 1);
  assert.equal(list.find((command) => command.name === "deploy")?.kind, "skill");
  assert.equal(commands.find((command) => command.name === "docs:summarize")?.kind, "mcp-prompt");
});

test("edit distance and nearest matches for unknown commands", () => {
  assert.equal(editDistance("kitten", "sitting"), 3);
  assert.equal(editDistance("", "abc"), 3);
  assert.deepEqual(nearestCommands("hlep", commands), ["help"]);
  assert.deepEqual(nearestCommands("stats", commands), ["status"]);
  assert.deepEqual(nearestCommands("review", commands), ["review-pr"]);
  assert.deepEqual(nearestCommands("zzzzzzzzzz", commands), []);
});

test("custom commands join the list with their hint and scope; built-ins and skills keep their names", () => {
  const list = allCommands(
    [{ name: "review-pr", description: "Review a pull request" }],
    [],
    [
      {
        name: "frontend:component",
        description: "Make a component",
        argumentHint: "[name]",
        source: "project",
      },
      { name: "help", description: "not the built-in", source: "user" },
      { name: "review-pr", description: "shadowed by the skill", source: "user" },
    ],
  );
  const custom = list.filter((command) => command.kind === "custom");
  assert.deepEqual(custom, [
    { name: "frontend:component", args: "[name]", description: "Make a component (project)", kind: "custom" },
  ]);
  assert.deepEqual(
    suggestCommands("/front", list).map((command) => command.name),
    ["frontend:component"],
  );
});
