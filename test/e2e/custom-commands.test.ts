// End-to-end: custom slash commands in `-p` prompts through the built CLI — arguments (0-based `$N`,
// `$ARGUMENTS[N]`, named `arguments`), `@file` includes and `` !`…` `` shell output in the prompt the
// model receives, allowed-tools for that turn only, PreToolUse hooks seeing the shell lines,
// UserPromptSubmit hooks seeing the line as typed (the published python3 shape), and a shell line the
// gate refuses or that fails ending the command with an error and no model request (text, json and
// stream-json alike).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";
import { createWorkspace, type Workspace } from "../support/workspace.js";

const FIXTURES = resolve(import.meta.dirname, "..", "fixtures", "claude-hooks");
const spaces: Workspace[] = [];
after(() => {
  for (const space of spaces) space.cleanup();
});

type Request = { messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }> };
const requests = (log: string): Request[] =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const REVIEW = `---
description: Review a change
argument-hint: [pr-number] [priority]
allowed-tools: Bash(echo:*), Bash(mkdir:*)
---
Review PR #$0 with priority $1 (all: $ARGUMENTS; first: $ARGUMENTS[0]; none: [$2] [$10]).

Branch: !\`echo on-branch-main\`

Follow the conventions in @docs/style.md.
`;

function project(): Workspace {
  const space = createWorkspace({
    ".claude/commands/review.md": REVIEW,
    ".agents/commands/team/hello.md": "Say hello to the team.",
    "docs/style.md": "Use tabs.\n",
    "script.json": JSON.stringify([{ text: "reviewed" }, { text: "second" }]),
    ".claude/settings.json": JSON.stringify({
      hooks: {
        UserPromptSubmit: [{ hooks: [{ type: "command", command: join(FIXTURES, "prompt-context.py") }] }],
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: "cat >> pre-tool.jsonl; echo >> pre-tool.jsonl" }],
          },
        ],
      },
    }),
  });
  spaces.push(space);
  return space;
}

test("-p '/review 42 \"high prio\"' expands arguments, shell output and @file, gated like any tool call", async () => {
  const space = project();
  const log = join(space.dir, "requests.log");
  const run = await runCli(
    ["--model", "scripted:script.json", "-p", '/review 42 "high prio"', "--output-format", "json"],
    { cwd: space.dir, env: cleanEnv({ REAGENT_SCRIPT_LOG: log }) },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).result, "reviewed");
  const sent = requests(log)[0]!
    .messages[0]!.content.map((block) => block.text)
    .join("\n");
  // Claude Code 2.1 counts from $0: $0 is the first word, out of range is empty.
  assert.match(
    sent,
    /^Review PR #42 with priority high prio \(all: 42 "high prio"; first: 42; none: \[\] \[\]\)\./,
  );
  assert.match(sent, /Branch: on-branch-main\n/, "allowed-tools let the echo line run headless");
  assert.match(sent, /Contents of @docs\/style\.md:\n\n1\tUse tabs\./);
  assert.match(sent, /Current branch: feature\/compat/, "the UserPromptSubmit hook's context rides along");
  assert.equal(readFileSync(join(space.dir, "prompts.log"), "utf8"), '/review 42 "high prio"\n');
  const pre = readFileSync(join(space.dir, "pre-tool.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line).tool_input.command);
  assert.deepEqual(pre, ["echo on-branch-main"]);
});

test("allowed-tools hold for the command's turn only; a namespaced command runs by its short name", async () => {
  const space = project();
  space.write(
    "script.json",
    JSON.stringify([
      { tool_calls: [{ id: "e1", name: "Bash", input: { command: "mkdir made-by-model" } }] },
      { text: "ok" },
    ]),
  );
  const log = join(space.dir, "requests.log");
  const during = await runCli(
    ["--model", "scripted:script.json", "-p", "/review 1 low", "--output-format", "json"],
    {
      cwd: space.dir,
      env: cleanEnv({ REAGENT_SCRIPT_LOG: log }),
    },
  );
  assert.equal(during.code, 0, during.stderr);
  assert.deepEqual(
    JSON.parse(during.stdout).permission_denials.map(
      (denial: { tool_input: { command: string } }) => denial.tool_input.command,
    ),
    [],
    "the model's mkdir is allowed during /review",
  );
  const plain = await runCli(
    ["--model", "scripted:script.json", "-p", "make a folder", "--output-format", "json"],
    {
      cwd: space.dir,
      env: cleanEnv(),
    },
  );
  assert.equal(JSON.parse(plain.stdout).permission_denials[0]?.tool_use_id, "e1", "not outside the command");
  space.write("script.json", JSON.stringify([{ text: "hi team" }]));
  const short = await runCli(["--model", "scripted:script.json", "-p", "/hello"], {
    cwd: space.dir,
    env: cleanEnv({ REAGENT_SCRIPT_LOG: log }),
  });
  assert.equal(short.code, 0, short.stderr);
  assert.equal(requests(log).at(-1)!.messages[0]!.content[0]!.text, "Say hello to the team.");
});

test("a command's `model:` switch keeps --effort, as /model does (one switch for every path)", async () => {
  const server = await serveScoped([{ text: "deep answer" }]);
  const space = scopedWorkspace({
    ".claude/commands/deep.md": "---\nmodel: claude-opus-4-7\n---\nThink hard about it.",
  });
  const env = cleanEnv({
    ANTHROPIC_API_KEY: "k",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ANTHROPIC_MODEL: "claude-sonnet-4-6",
  });
  const run = await runCli(["-p", "/deep", "--effort", "low"], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "deep answer\n");
  assert.deepEqual(server.refusals, []);
  const body = server.requests[0]!.body as { model: string; output_config?: unknown };
  assert.equal(body.model, "claude-opus-4-7");
  assert.deepEqual(body.output_config, { effort: "low" });
});

test("named `arguments`, $N past 9 and a skill's $0 expand as in Claude Code 2.1; the skill loads with them", async () => {
  const server = await serveScoped([
    { text: "fixed" },
    { tool_calls: [{ id: "s1", name: "Skill", input: { skill: "migrate", args: "SearchBar React Vue" } }] },
    { text: "migrated" },
  ]);
  const space = scopedWorkspace({
    // The shape Claude Code's documentation publishes for named arguments and many words.
    ".claude/commands/fix-and-branch.md":
      "---\ndescription: Fix an issue and switch to its branch\nargument-hint: <issue-id> <branch-name>\narguments: [issue, branch]\n---\nFix issue $issue on branch $branch. Word eleven: $10.\n",
    ".claude/skills/migrate/SKILL.md":
      "---\nname: migrate\ndescription: Migrate a component from one framework to another\n---\nMigrate the $0 component from $1 to $2.\n",
  });
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const words = "42 hotfix-auth c d e f g h i j eleven";
  const run = await runCli(["-p", `/fix-and-branch ${words}`], { cwd: space.dir, env });
  assert.equal(run.code, 0, run.stderr);
  const first = server.requests[0]!.body as Request;
  assert.equal(
    first.messages[0]!.content[0]!.text,
    "Fix issue 42 on branch hotfix-auth. Word eleven: eleven.",
  );
  const skill = await runCli(["-p", "/migrate SearchBar React Vue"], { cwd: space.dir, env });
  assert.equal(skill.code, 0, skill.stderr);
  const loaded = JSON.stringify((server.requests[2]!.body as Request).messages.at(-1));
  assert.match(loaded, /Migrate the SearchBar component from React to Vue\./);
});

/** Published shapes: commit-commands' /commit (its `!` lines need a git repository) and a command whose
 *  `!` line no rule allows in a headless run. */
const ABORTING = {
  ".claude/commands/commit.md": `---
allowed-tools: Bash(git add:*), Bash(git status:*), Bash(git commit:*), Bash(git log:*)
description: Create a git commit
---
## Context

- Current git status: !\`git status\`
- Recent commits: !\`git log --oneline -10\`

## Your task

Based on the above changes, create a single git commit.
`,
  ".claude/commands/deploy.md": `---
description: Deploy the current branch
---
Deploy state: !\`touch deployed.txt\`
`,
};

test("a failing or refused !`…` line ends the command with an error and no model request (text, json, stream-json)", async () => {
  const server = await serveScoped([{ text: "never sent" }]);
  const space = scopedWorkspace(ABORTING);
  const env = cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL });
  const commit = await runCli(["-p", "/commit"], { cwd: space.dir, env });
  assert.equal(commit.code, 1, commit.stderr);
  assert.equal(commit.stdout, "");
  assert.match(
    commit.stderr,
    /^reagent: \/commit: its shell line !`git status` failed \(.*not a git repository.*\)\. The command was not run \(nothing was sent to the model\)\.$/ms,
  );
  const deploy = await runCli(["-p", "/deploy", "--output-format", "json"], { cwd: space.dir, env });
  assert.equal(deploy.code, 1, deploy.stderr);
  const result = JSON.parse(deploy.stdout);
  assert.equal(result.is_error, true);
  assert.equal(result.subtype, "error_during_execution");
  assert.equal(result.num_turns, 0);
  assert.match(
    result.result,
    /^\/deploy: its shell line !`touch deployed\.txt` was not allowed \(Permission denied: Bash is not allowed in non-interactive mode.*\)\. Allow it with the command's allowed-tools or a permission rule\./,
  );
  assert.deepEqual(result.errors, [result.result]);
  assert.equal(result.permission_denials[0]?.tool_input.command, "touch deployed.txt");
  const stream = await runCli(["-p", "/deploy", "--output-format", "stream-json", "--verbose"], {
    cwd: space.dir,
    env,
  });
  assert.equal(stream.code, 1, stream.stderr);
  const lines = stream.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  assert.equal(lines.at(-1).type, "result");
  assert.equal(lines.at(-1).is_error, true);
  assert.ok(!lines.some((line) => line.type === "assistant"), "no model turn");
  assert.equal(server.requests.length, 0, "no request reached the model");
});
