// AskUserQuestion and ExitPlanMode end to end. Through the real Claude Agent SDK: canUseTool receives
// AskUserQuestion with Claude Code 2.1.197's input and answers with updatedInput carrying `answers`,
// which the model reads back (and PreToolUse/PostToolUse hooks see); in plan mode canUseTool receives
// ExitPlanMode {plan}, and its allow with setMode acceptEdits leaves plan mode so the Write that follows
// runs unasked. Headless (-p): with nobody to ask both are refused as error results (also in
// bypassPermissions, which skips other prompts), a PreToolUse hook's allow with answers answers for
// the person, ExitPlanMode outside plan mode is refused, and PermissionRequest hooks answer both.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type CanUseTool, query } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { choiceQuestion } from "../support/ask-questions.js";
import { envWithClaudeSettings, runJson } from "../support/cli.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

type Block = { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean };
type Body = { messages: Array<{ role: string; content: Block[] | string }> };

function result(server: { requests: Array<{ body: unknown }> }, id: string): Block {
  for (const request of server.requests)
    for (const message of (request.body as Body).messages)
      if (Array.isArray(message.content))
        for (const block of message.content) if (block.tool_use_id === id) return block;
  throw new Error(`no result for ${id}`);
}
const text = (block: Block) =>
  typeof block.content === "string" ? block.content : JSON.stringify(block.content);

const QUESTIONS = [
  choiceQuestion("Which date library should we use?", "Library", {
    "date-fns": "Small, functional",
    Luxon: "Time zones built in",
  }),
  choiceQuestion(
    "Which formats do you need?",
    "Formats",
    { ISO: "2026-12-02", Relative: "3 days ago", Locale: "2 Dec 2026" },
    true,
  ),
];

test("SDK: canUseTool answers AskUserQuestion with updatedInput answers; the model reads them; hooks fire", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "toolu_ask", name: "AskUserQuestion", input: { questions: QUESTIONS } }] },
    { text: "Using date-fns with ISO and Relative." },
  ]);
  const workspace = scopedWorkspace();
  const asked: Array<{ tool: string; input: Record<string, unknown> }> = [];
  const canUseTool: CanUseTool = async (tool, input) => {
    asked.push({ tool, input });
    return {
      behavior: "allow",
      updatedInput: {
        ...input,
        answers: {
          "Which date library should we use?": "date-fns",
          "Which formats do you need?": "ISO, Relative",
        },
      },
    };
  };
  const hooked: Array<{ event: string; input: unknown; response?: unknown }> = [];
  const options = sdkOptions(server, workspace.dir, {
    canUseTool,
    hooks: {
      PreToolUse: [
        {
          matcher: "AskUserQuestion",
          hooks: [
            async (input) => {
              hooked.push({ event: "pre", input: (input as { tool_input: unknown }).tool_input });
              return {};
            },
          ],
        },
      ],
      PostToolUse: [
        {
          matcher: "AskUserQuestion",
          hooks: [
            async (input) => {
              const post = input as { tool_input: unknown; tool_response: unknown };
              hooked.push({ event: "post", input: post.tool_input, response: post.tool_response });
              return {};
            },
          ],
        },
      ],
    },
  });
  const { messages, error } = await collect(query({ prompt: "pick a date library", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.equal(asked.length, 1);
  assert.equal(asked[0]!.tool, "AskUserQuestion");
  assert.deepEqual(asked[0]!.input, { questions: QUESTIONS });
  const answered = result(server, "toolu_ask");
  assert.notEqual(answered.is_error, true);
  assert.equal(
    text(answered),
    'The user answered your questions: "Which date library should we use?"="date-fns", "Which formats do you need?"="ISO, Relative". Go on with these answers in mind.',
  );
  assert.deepEqual(
    hooked.map((entry) => entry.event),
    ["pre", "post"],
  );
  assert.deepEqual(hooked[0]!.input, { questions: QUESTIONS });
  assert.deepEqual((hooked[1]!.response as { answers: unknown }).answers, {
    "Which date library should we use?": "date-fns",
    "Which formats do you need?": "ISO, Relative",
  });
  const final = resultOf(messages);
  assert.equal(final.subtype === "success" ? final.result : "", "Using date-fns with ISO and Relative.");
});

test("SDK: in plan mode canUseTool approves ExitPlanMode {plan} with setMode acceptEdits; the next Write is not asked", async () => {
  const plan = "1. Add hello.txt\n2. Say hi";
  const server = await serveScoped([
    {
      tool_calls: [
        { id: "toolu_write_early", name: "Write", input: { file_path: "early.txt", content: "x" } },
      ],
    },
    { tool_calls: [{ id: "toolu_plan", name: "ExitPlanMode", input: { plan } }] },
    {
      tool_calls: [{ id: "toolu_write", name: "Write", input: { file_path: "hello.txt", content: "hi\n" } }],
    },
    { text: "Done." },
  ]);
  const workspace = scopedWorkspace();
  const asked: Array<{ tool: string; input: Record<string, unknown> }> = [];
  const canUseTool: CanUseTool = async (tool, input) => {
    asked.push({ tool, input });
    if (tool !== "ExitPlanMode") return { behavior: "deny", message: "not asked for that" };
    return {
      behavior: "allow",
      updatedInput: input,
      updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
    };
  };
  const options = sdkOptions(server, workspace.dir, { canUseTool, permissionMode: "plan" });
  const { messages, error } = await collect(query({ prompt: "plan and do it", options }));
  assert.equal(error, undefined, options.stderrText());
  assert.match(text(result(server, "toolu_write_early")), /plan mode/);
  assert.equal(existsSync(join(workspace.dir, "early.txt")), false);
  assert.deepEqual(
    asked.map((entry) => entry.tool),
    ["ExitPlanMode"],
  );
  assert.deepEqual(asked[0]!.input, { plan });
  const approved = text(result(server, "toolu_plan"));
  assert.match(
    approved,
    /^The user approved your plan; plan mode is over \(the permission mode is now acceptEdits\)/,
  );
  assert.match(approved, /## Approved plan\n1\. Add hello\.txt/);
  assert.equal(readFileSync(join(workspace.dir, "hello.txt"), "utf8"), "hi\n");
  const final = resultOf(messages);
  assert.equal(final.subtype === "success" ? final.result : "", "Done.");
});

test("-p: nobody to ask refuses both, also in bypassPermissions; a PreToolUse hook's answers answer; ExitPlanMode outside plan mode is refused", async () => {
  const server = await serveScoped([
    {
      tool_calls: [{ id: "toolu_ask", name: "AskUserQuestion", input: { questions: QUESTIONS.slice(0, 1) } }],
    },
    { tool_calls: [{ id: "toolu_plan_outside", name: "ExitPlanMode", input: { plan: "x" } }] },
    { text: "I will decide myself." },
    {
      tool_calls: [
        {
          id: "toolu_hooked",
          name: "AskUserQuestion",
          input: { questions: QUESTIONS.slice(1), metadata: { source: "hook" } },
        },
      ],
    },
    { tool_calls: [{ id: "toolu_plan", name: "ExitPlanMode", input: { plan: "the plan" } }] },
    { text: "Answered by the hook." },
  ]);
  const workspace = scopedWorkspace();
  const bypass = await runJson("ask me", workspace.dir, envWithClaudeSettings({}, server), [
    "--permission-mode",
    "bypassPermissions",
  ]);
  assert.equal(bypass.code, 0, bypass.stderr);
  const refused = result(server, "toolu_ask");
  assert.equal(refused.is_error, true);
  assert.match(
    text(refused),
    /^Permission denied: AskUserQuestion puts questions to the user.*this run is non-interactive, so it cannot ask/,
  );
  assert.match(text(result(server, "toolu_plan_outside")), /You are not in plan mode/);
  const denials = JSON.parse(bypass.stdout).permission_denials as Array<{ tool_name: string }>;
  assert.deepEqual(
    denials.map((denial) => denial.tool_name),
    ["AskUserQuestion", "ExitPlanMode"],
  );
  // A PreToolUse hook that allows with the answers in updatedInput answers for the person.
  const answer = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      updatedInput: { questions: QUESTIONS.slice(1), answers: { "Which formats do you need?": "Locale" } },
    },
  };
  const env = envWithClaudeSettings(
    {
      hooks: {
        PreToolUse: [
          {
            matcher: "AskUserQuestion",
            hooks: [{ type: "command", command: `echo '${JSON.stringify(answer)}'` }],
          },
        ],
      },
    },
    server,
  );
  const hooked = await runJson("ask me again", workspace.dir, env, ["--permission-mode", "plan"]);
  assert.equal(hooked.code, 0, hooked.stderr);
  assert.match(text(result(server, "toolu_hooked")), /"Which formats do you need\?"="Locale"/);
  const plan = result(server, "toolu_plan");
  assert.equal(plan.is_error, true);
  assert.match(text(plan), /ExitPlanMode asks the user to approve the plan.*cannot ask/);
});

test("-p: a PermissionRequest hook answers AskUserQuestion and approves ExitPlanMode for the person", async () => {
  const server = await serveScoped([
    {
      tool_calls: [{ id: "toolu_ask", name: "AskUserQuestion", input: { questions: QUESTIONS.slice(0, 1) } }],
    },
    { tool_calls: [{ id: "toolu_plan", name: "ExitPlanMode", input: { plan: "1. Write a.txt" } }] },
    { tool_calls: [{ id: "toolu_write", name: "Write", input: { file_path: "a.txt", content: "a\n" } }] },
    { text: "Done." },
  ]);
  const workspace = scopedWorkspace();
  const answers = { "Which date library should we use?": "Luxon" };
  const decision = (updatedInput?: unknown) => ({
    hookSpecificOutput: {
      hookEventName: "PermissionRequest",
      decision: { behavior: "allow", ...(updatedInput ? { updatedInput } : {}) },
    },
  });
  const hook = (output: unknown) => [{ type: "command", command: `echo '${JSON.stringify(output)}'` }];
  const env = envWithClaudeSettings(
    {
      hooks: {
        PermissionRequest: [
          {
            matcher: "AskUserQuestion",
            hooks: hook(decision({ questions: QUESTIONS.slice(0, 1), answers })),
          },
          { matcher: "ExitPlanMode", hooks: hook(decision()) },
        ],
      },
    },
    server,
  );
  const run = await runJson("plan it", workspace.dir, env, [
    "--permission-mode",
    "plan",
    "--allowedTools",
    "Write",
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(text(result(server, "toolu_ask")), /"Which date library should we use\?"="Luxon"/);
  assert.match(
    text(result(server, "toolu_plan")),
    /plan mode is over \(the permission mode is now default\)/,
  );
  assert.equal(readFileSync(join(workspace.dir, "a.txt"), "utf8"), "a\n");
  assert.deepEqual(JSON.parse(run.stdout).permission_denials, []);
});
