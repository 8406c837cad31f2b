// Custom slash commands: file parsing (frontmatter optional), discovery with namespaces and
// shadowing, argument substitution, and expansion through a real Session's ToolRunner (Bash for
// `` !`…` `` lines, Read for `@file`), with the permission gate deciding.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { parseCommandFile } from "../../src/commands/command-file.js";
import { discoverCommands, findCommand } from "../../src/commands/discover-commands.js";
import { expandCommand } from "../../src/commands/expand-command.js";
import { splitWords } from "../../src/util/split-words.js";
import { argumentNames, substituteArguments } from "../../src/util/substitute-arguments.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";

const spaces: Workspace[] = [];
after(() => {
  for (const space of spaces) space.cleanup();
});
const space = (files: Record<string, string>) => {
  const created = createWorkspace(files);
  spaces.push(created);
  return created;
};

test("a command file: frontmatter fields, allowed-tools as a string or a list, or no frontmatter at all", () => {
  const full = parseCommandFile(
    "---\ndescription: Review a pull request\nargument-hint: [pr] [priority]\nallowed-tools: Bash(git diff:*), Bash(gh pr view:*)\nmodel: claude-haiku-4-5\n---\nReview PR #$1.\n",
  );
  assert.equal(full.kind, "ok");
  if (full.kind !== "ok") return;
  assert.deepEqual(
    [full.description, full.argumentHint, full.allowedTools, full.model, full.body],
    [
      "Review a pull request",
      "[pr] [priority]",
      ["Bash(git diff:*)", "Bash(gh pr view:*)"],
      "claude-haiku-4-5",
      "Review PR #$1.\n",
    ],
  );
  const list = parseCommandFile("---\nallowed-tools:\n  - Read\n  - Bash(npm test)\n---\nx");
  assert.deepEqual(list.kind === "ok" && list.allowedTools, ["Read", "Bash(npm test)"]);
  // Space-separated, as skills and many published commands write it: two rules, not one "Read Grep".
  const spaced = parseCommandFile("---\nallowed-tools: Read Grep, Bash(git log *)\n---\nx");
  assert.deepEqual(spaced.kind === "ok" && spaced.allowedTools, ["Read", "Grep", "Bash(git log *)"]);
  const plain = parseCommandFile("Explain this code simply.\n");
  assert.deepEqual(plain.kind === "ok" && [plain.body, plain.allowedTools], [
    "Explain this code simply.\n",
    [],
  ]);
  const published = parseCommandFile("---\ndescription: [unclosed\nargument-hint: [message]\n---\nbody");
  assert.deepEqual(published.kind === "ok" && [published.description, published.argumentHint], [
    "[unclosed",
    "[message]",
  ]);
  const broken = parseCommandFile("---\ndescription: never closed\nbody");
  assert.deepEqual(
    broken.kind === "error" && broken.message,
    "frontmatter is not closed: add a `---` line after it",
  );
  const wrong = parseCommandFile("---\ndescription: {a: 1}\n---\nbody");
  assert.match(wrong.kind === "ok" ? wrong.warnings.join() : "", /line 2: "description" must be text/);
});

test("discovery: project over user, .agents over .claude, folders as namespaces, broken files reported", async () => {
  const home = space({
    ".claude/commands/review.md": "user review",
    ".claude/commands/standup.md": "---\ndescription: Daily notes\n---\nWrite my standup.",
  });
  const project = space({
    ".claude/commands/review.md": "# Review the diff\n\nLook at $ARGUMENTS",
    ".agents/commands/review.md": "---\ndescription: agents review\n---\nreview",
    ".claude/commands/frontend/component.md": "Make a component named $1",
    ".claude/commands/bad.md": "---\ndescription: oops\n",
    ".claude/commands/.hidden.md": "never",
    ".claude/commands/notes.txt": "not a command",
  });
  const { commands, warnings } = await discoverCommands({ cwd: project.dir, homeDir: home.dir });
  assert.deepEqual(
    commands.map((command) => [command.name, command.source, command.description]),
    [
      ["review", "project", "agents review"],
      ["frontend:component", "project", "Make a component named $1"],
      ["standup", "user", "Daily notes"],
    ],
  );
  assert.match(warnings.join("\n"), /Command skipped: .*bad\.md:1: frontmatter is not closed/);
  assert.equal((warnings.join("\n").match(/is shadowed by/g) ?? []).length, 2);
  assert.equal(findCommand(commands, "component")?.name, "frontend:component");
  assert.equal(findCommand(commands, "frontend:component")?.name, "frontend:component");
  const userOnly = await discoverCommands({
    cwd: project.dir,
    homeDir: home.dir,
    levels: { user: true, project: false },
  });
  assert.deepEqual(
    userOnly.commands.map((command) => command.name),
    ["review", "standup"],
  );
});

test("a user command with a skill's fields (disable-model-invocation, user-invocable) wins over a project command, as a skill does", async () => {
  const home = space({
    ".claude/commands/deploy.md":
      "---\ndescription: user deploy\ndisable-model-invocation: true\n---\nDeploy it.",
    ".claude/commands/ship.md": "---\ndescription: user ship\nuser-invocable: true\n---\nShip it.",
    ".claude/commands/review.md": "---\ndescription: user review\n---\nReview.",
  });
  const project = space({
    ".claude/commands/deploy.md": "---\ndescription: project deploy\n---\nDeploy.",
    ".claude/commands/ship.md": "---\ndescription: project ship\n---\nShip.",
    ".claude/commands/review.md": "---\ndescription: project review\n---\nReview.",
  });
  const { commands, warnings } = await discoverCommands({ cwd: project.dir, homeDir: home.dir });
  assert.deepEqual(commands.map((command) => [command.name, command.description]).sort(), [
    ["deploy", "user deploy"],
    ["review", "project review"],
    ["ship", "user ship"],
  ]);
  const shadowed = warnings.filter((warning) => warning.includes("is shadowed by"));
  assert.equal(shadowed.length, 3, warnings.join("\n"));
  assert.equal(shadowed.filter((warning) => warning.includes("wins as a skill does")).length, 2);
});

test("arguments as Claude Code 2.1 puts them: 0-based $N of any length, $ARGUMENTS[N], named, out of range empty", () => {
  assert.deepEqual(splitWords(`42 "high prio" it\\'s 'a b'`).words, ["42", "high prio", "it's", "a b"]);
  assert.equal(
    substituteArguments("Fix #$0 ($1); all: $ARGUMENTS; [$2] is empty", `42 "high prio"`),
    `Fix #42 (high prio); all: 42 "high prio"; [] is empty`,
  );
  const twelve = "a b c d e f g h i j k l";
  assert.equal(substituteArguments("$10 $11 $12 $1x", twelve), "k l  $1x", "$N of any length; $1x is no $N");
  assert.equal(
    substituteArguments("$ARGUMENTS[0]/$ARGUMENTS[1]/$ARGUMENTS[7]", "src lib"),
    "src/lib/",
    "$ARGUMENTS[N] is 0-based, out of range empty",
  );
  assert.equal(
    substituteArguments("Fix issue $issue on $branch ($issue)", "42 hotfix-auth", ["issue", "branch"]),
    "Fix issue 42 on hotfix-auth (42)",
  );
  assert.deepEqual(argumentNames("issue branch"), ["issue", "branch"]);
  assert.deepEqual(argumentNames(["old-name", "new-name"]), ["old-name", "new-name"]);
  assert.equal(substituteArguments("Cost: $5.", "x"), "Cost: .", "as in Claude Code, $5 is the sixth word");
  assert.equal(substituteArguments("Say $ARGUMENTS", "$& and $1"), "Say $& and $1", "inserted as typed");
  assert.equal(
    substituteArguments("Explain the code.", "src/a.ts"),
    "Explain the code.\n\nARGUMENTS: src/a.ts",
  );
  assert.equal(substituteArguments("Explain the code.", ""), "Explain the code.");
  assert.equal(substituteArguments("Only $3 here.", "one"), "Only  here.", "a used $N appends nothing");
});

test("expansion runs !`…` lines and reads @files through the tool path, in order; a refused or failed line stops it", async () => {
  const calls: string[] = [];
  const runTool = async (name: string, input: Record<string, unknown>) => {
    calls.push(`${name} ${input.command ?? input.file_path}`);
    if (name === "Bash" && input.command === "git status") return { ok: true, content: "On branch main\n" };
    if (name === "Bash" && input.command === "false")
      return { ok: false, code: "exit_code", content: "Exit code 1" };
    if (name === "Bash")
      return { ok: false, code: "permission_denied", content: "Permission denied by rule Bash(rm *)." };
    if (input.file_path === "src/a.ts") return { ok: true, content: "1\texport const a = 1;\n" };
    return { ok: false, code: "not_found", content: "File does not exist." };
  };
  const command = (body: string) => ({
    name: "ctx",
    description: "",
    allowedTools: [],
    path: "/x/ctx.md",
    source: "project" as const,
    body,
  });
  const expanded = await expandCommand(
    command(
      "Status: !`git status`\nSee @src/a.ts and @missing.md, not `@src/b.ts`, mail me@example.com, @param.\n",
    ),
    "",
    runTool,
  );
  assert.deepEqual(calls, ["Bash git status", "Read src/a.ts", "Read missing.md"]);
  assert.equal(expanded.kind, "prompt");
  const prompt = expanded.kind === "prompt" ? expanded.text : "";
  assert.match(prompt, /^Status: On branch main\nSee @src/);
  assert.match(prompt, /Contents of @src\/a\.ts:\n\n1\texport const a = 1;/);
  assert.match(prompt, /\[@missing\.md was not included: File does not exist\.\]/);

  calls.length = 0;
  const refused = await expandCommand(
    command("Status: !`git status`\nThen: !`rm -rf $0`\nAfter: !`git status`\nSee @src/a.ts"),
    "tmp",
    runTool,
  );
  assert.deepEqual(calls, ["Bash git status", "Bash rm -rf tmp"], "nothing runs after the refused line");
  assert.deepEqual(refused, {
    kind: "failed",
    message:
      "/ctx: its shell line !`rm -rf tmp` was not allowed (Permission denied by rule Bash(rm *)). Allow it with the command's allowed-tools or a permission rule. The command was not run (nothing was sent to the model).",
  });
  const failed = await expandCommand(command("Check: !`false`"), "", runTool);
  assert.deepEqual(failed, {
    kind: "failed",
    message:
      "/ctx: its shell line !`false` failed (Exit code 1). The command was not run (nothing was sent to the model).",
  });
});
