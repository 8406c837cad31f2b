// The REPL's menu suggestions while a command name is typed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type SlashCommand, suggestCommands } from "../../../src/ui/repl/slash-commands.js";

const commands: SlashCommand[] = [
  ...["help", "clear", "status", "mcp", "compact", "context", "cost"].map(
    (name): SlashCommand => ({ name, description: name, kind: "builtin" }),
  ),
  { name: "review-pr", description: "Review a pull request", kind: "skill" },
  { name: "frontend:component", args: "[name]", description: "Make a component", kind: "custom" },
  { name: "docs:summarize", description: "Summarize a page", kind: "mcp-prompt" },
];

test("suggestions: prefix matches first, then substring, only while typing the name", () => {
  assert.deepEqual(
    suggestCommands("/c", commands).map((command) => command.name),
    ["clear", "compact", "context", "cost", "mcp", "frontend:component", "docs:summarize"],
  );
  assert.deepEqual(
    suggestCommands("/rev", commands).map((command) => command.name),
    ["review-pr"],
  );
  assert.deepEqual(
    suggestCommands("/front", commands).map((command) => command.name),
    ["frontend:component"],
  );
  assert.equal(suggestCommands("/model ", commands).length, 0);
  assert.equal(suggestCommands("model", commands).length, 0);
  assert.equal(suggestCommands("/", commands).length, commands.length, "every command is offered");
});
