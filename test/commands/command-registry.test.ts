// The one slash-command registry: parsing a typed line, precedence (built-ins, then skills, custom
// commands, MCP prompts), aliases, the unknown-command message with the nearest names, what each mode
// offers, and failures as error outcomes.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  builtinCommandNames,
  type Command,
  createCommandRegistry,
  customCommands,
  nearestNames,
  parseSlash,
  skillCommand,
  splitCommandMessage,
} from "../../src/commands/index.js";

const signal = new AbortController().signal;
const hint = () => "Type /help for the list.";
const echo = (name: string, kind: Command["kind"], text = name): Command => ({
  name,
  description: name,
  kind,
  run: async (args) => ({ kind: "output", text: `${text} ${args}`.trim() }),
});

test("parseSlash splits the name from the argument text; a path is not a command", () => {
  assert.deepEqual(parseSlash("/model  claude-x "), { name: "model", args: "claude-x" });
  assert.deepEqual(parseSlash('/docs:summarize "a b" c'), { name: "docs:summarize", args: '"a b" c' });
  assert.deepEqual(parseSlash("/init focus on\ntests"), { name: "init", args: "focus on\ntests" });
  assert.equal(parseSlash("hello /help"), undefined);
  assert.equal(parseSlash("/"), undefined);
  assert.equal(parseSlash("/usr/bin/env is a path"), undefined);
  assert.deepEqual(splitCommandMessage(["You are a reviewer.", "/review 42"]), {
    line: "/review 42",
    context: ["You are a reviewer."],
  });
  assert.equal(splitCommandMessage(["/review 42"]), undefined);
});

test("the first command of a name wins: a skill cannot shadow a built-in, a custom command neither", async () => {
  const registry = createCommandRegistry(
    [
      echo("help", "builtin", "builtin help"),
      echo("deploy", "skill", "skill"),
      echo("deploy", "custom", "custom"),
    ],
    hint,
  );
  assert.deepEqual(
    registry.list().map((command) => `${command.name}:${command.kind}`),
    ["help:builtin", "deploy:skill"],
  );
  const ran = await registry.resolve("/deploy staging", signal);
  assert.deepEqual(ran, {
    kind: "command",
    name: "deploy",
    outcome: { kind: "output", text: "skill staging" },
  });
  assert.deepEqual(await registry.resolve("plain text", signal), { kind: "plain" });
});

test("a namespaced custom command answers to its last part while that is unique", async () => {
  const list = customCommands(
    [
      { name: "team:review", description: "Review", source: "project" },
      { name: "a:lint", description: "Lint", source: "user" },
      { name: "b:lint", description: "Lint too", source: "user" },
    ],
    async () => {
      throw new Error("not run here");
    },
  );
  const registry = createCommandRegistry(list, hint);
  assert.equal(registry.find("review")?.name, "team:review");
  assert.equal(registry.find("lint"), undefined, "two commands end in lint: no alias");
  assert.equal(registry.find("team:review")?.source, "project");
});

test("an unknown command names the nearest ones and where the list is", async () => {
  const registry = createCommandRegistry(
    [echo("help", "builtin"), echo("status", "builtin"), echo("compact", "builtin")],
    hint,
  );
  const resolved = await registry.resolve("/hlep", signal);
  assert.deepEqual(resolved, {
    kind: "command",
    name: "hlep",
    outcome: { kind: "error", text: "Unknown command /hlep. Did you mean /help? Type /help for the list." },
  });
  assert.deepEqual(nearestNames("stats", ["status", "help"]), ["status"]);
  assert.deepEqual(nearestNames("zzzzzzzzzz", ["status", "help"]), []);
});

test("a command that throws becomes an error outcome naming it", async () => {
  const broken: Command = {
    name: "boom",
    description: "",
    kind: "builtin",
    run: async () => Promise.reject(new Error("no disk")),
  };
  const resolved = await createCommandRegistry([broken], hint).resolve("/boom", signal);
  assert.deepEqual(resolved, {
    kind: "command",
    name: "boom",
    outcome: { kind: "error", text: "/boom failed: no disk" },
  });
});

test("pickers, /resume, /rewind and /exit exist only where a person types; the rest in every mode", () => {
  const interactive = builtinCommandNames("interactive");
  const headless = builtinCommandNames("headless");
  assert.deepEqual(
    interactive.filter((name) => !headless.includes(name)),
    ["resume", "rewind", "exit"],
  );
  assert.ok(headless.includes("compact") && headless.includes("cost") && headless.includes("model"));
  assert.equal(interactive.at(-1), "exit", "exit closes the menu's built-ins");
});

test("a skill command puts the skill's prompt in the turn with its expansion", async () => {
  const command = skillCommand({ name: "deploy", description: "Deploy" }, async (args) => ({
    ok: true,
    text: `DEPLOY ${args}`,
  }));
  assert.deepEqual(await command.run("staging", signal), {
    kind: "prompt",
    prompt: "DEPLOY staging",
    expansion: {
      expansionType: "slash_command",
      commandName: "deploy",
      commandArgs: "staging",
      commandSource: "skill",
    },
  });
  const broken = skillCommand({ name: "gone", description: "Gone" }, async () => ({
    ok: false,
    message: "Cannot read skill",
  }));
  assert.deepEqual(await broken.run("", signal), { kind: "error", text: "Cannot read skill" });
});
