// End to end in the two shapes the Claude Code GitHub Action drives the CLI: the older one spawns
// `claude -p <claude_args> --verbose --output-format stream-json` with the prompt piped on stdin and
// turns stdout into its execution file as `jq -s .` does; the current one calls the Agent SDK's
// query() with a preset system prompt, setting sources, extraArgs and one user message whose last
// text block is the user's request (so "/review" runs as a command), and stops at the result.
import assert from "node:assert/strict";
import { test } from "node:test";
import { query, type SDKMessage, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { sdkEnv, sdkOptions } from "../support/agent-sdk.js";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

type Body = {
  system: Array<{ text: string }>;
  messages: Array<{ role: string; content: Array<{ type: string; text?: string }> }>;
};

/** What the action's run-claude-sdk does: collect until the result, then stop reading. */
async function runLikeTheAction(messages: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const seen: SDKMessage[] = [];
  for await (const message of messages) {
    seen.push(message);
    if (message.type === "result") break;
  }
  return seen;
}

/** One user message of text blocks, as the action's SDK run sends its instructions and the request. */
async function* blocksMessage(...texts: string[]): AsyncGenerator<SDKUserMessage> {
  yield {
    type: "user",
    session_id: "",
    message: { role: "user", content: texts.map((text) => ({ type: "text" as const, text })) },
    parent_tool_use_id: null,
  };
}

/** The text of the first user message the model received. */
function firstUserText(server: FakeModelServer): string {
  return (server.requests[0]!.body as Body).messages[0]!.content.map((block) => block.text ?? "").join("\n");
}

test("the action's CLI shape: -p, claude_args, --verbose --output-format stream-json, the prompt on stdin", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "b1", name: "Bash", input: { command: "git status --short" } }] },
    { text: "Nothing to review." },
  ]);
  const workspace = scopedWorkspace({ "src/app.ts": "export const app = 1;\n" });
  const claudeArgs = [
    "--allowedTools",
    "Bash(git status:*),Read",
    "--max-turns",
    "5",
    "--mcp-config",
    JSON.stringify({ mcpServers: {} }),
    "--append-system-prompt",
    "Post findings as a summary.",
  ];
  const run = await runCli(["-p", ...claudeArgs, "--verbose", "--output-format", "stream-json"], {
    cwd: workspace.dir,
    env: cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
    stdin: "Review the pull request in this repository.\n",
  });
  assert.equal(run.code, 0, run.stderr);
  // `jq -s .` over stdout: every line must be one JSON value.
  const lines = run.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  assert.deepEqual(
    lines.map((line) => `${line.type}${line.subtype ? `/${line.subtype}` : ""}`),
    ["system/init", "assistant", "user", "assistant", "result/success"],
  );
  const result = lines.at(-1)!;
  assert.equal(result.is_error, false);
  assert.equal(result.result, "Nothing to review.");
  assert.deepEqual(result.permission_denials, [], "the allowed git status ran without a prompt");
  assert.equal(result.session_id, lines[0]!.session_id);
  const body = server.requests[0]!.body as Body;
  assert.equal(body.messages[0]!.content[0]!.text?.trim(), "Review the pull request in this repository.");
  assert.match(body.system.map((block) => block.text).join("\n"), /Post findings as a summary\.$/);
});

test("the action's SDK shape: a multi-block message whose last block is a slash command runs the command", async () => {
  const server = await serveScoped([{ text: "Reviewed: no security issues." }]);
  const workspace = scopedWorkspace({
    ".claude/commands/review.md":
      "---\ndescription: Review the change\n---\nReview the change for $ARGUMENTS.\n",
  });
  const options = sdkOptions(server, workspace.dir, {
    env: { ...sdkEnv(server), CLAUDE_CODE_ENTRYPOINT: "claude-code-github-action" },
    systemPrompt: { type: "preset", preset: "claude_code", append: "Answer in one line." },
    settingSources: ["user", "project", "local"],
    allowedTools: ["Read", "Bash(git diff:*)"],
    maxTurns: 10,
    extraArgs: { "mcp-config": JSON.stringify({ mcpServers: {} }) },
  });
  const messages = await runLikeTheAction(
    query({
      prompt: blocksMessage("You are working in the repository acme/widgets on PR #7.", "/review security"),
      options,
    }),
  );
  const result = messages.at(-1);
  assert.ok(result?.type === "result", options.stderrText());
  assert.equal(result.subtype, "success");
  assert.equal(result.is_error, false);
  assert.equal(result.subtype === "success" ? result.result : "", "Reviewed: no security issues.");
  const init = messages.find((message) => message.type === "system" && message.subtype === "init");
  assert.ok(init && init.type === "system" && init.subtype === "init");
  assert.ok(init.slash_commands.includes("review"), init.slash_commands.join(","));
  assert.equal(result.session_id, init.session_id);
  const body = server.requests[0]!.body as Body;
  const sent = firstUserText(server);
  assert.match(sent, /Review the change for security\./, "the command was expanded");
  assert.doesNotMatch(sent, /\/review security/, "the command line is not sent as text");
  assert.match(sent, /acme\/widgets on PR #7/, "the instructions before it still reach the model");
  assert.match(body.system.map((block) => block.text).join("\n"), /Answer in one line\.$/);
});

test("the action's SDK shape with a prompt command: the context leads the expanded prompt", async () => {
  const server = await serveScoped([{ text: "Done." }]);
  const workspace = scopedWorkspace({
    ".agents/skills/triage/SKILL.md":
      "---\nname: triage\ndescription: Triage an issue\n---\nLabel the issue by area and urgency.\n",
  });
  const options = sdkOptions(server, workspace.dir);
  const messages = await runLikeTheAction(
    query({ prompt: blocksMessage("Issue #12: the build fails on Windows.", "/triage"), options }),
  );
  assert.equal(messages.at(-1)?.type, "result", options.stderrText());
  const sent = firstUserText(server);
  const context = sent.indexOf("Issue #12: the build fails on Windows.");
  assert.ok(context >= 0, sent);
  assert.ok(
    sent.indexOf("Label the issue by area and urgency.") > context,
    `the skill follows the context: ${sent}`,
  );
});

test("a multi-block message whose last block is plain text stays one prompt, in order", async () => {
  const server = await serveScoped([{ text: "ok" }]);
  const workspace = scopedWorkspace();
  const options = sdkOptions(server, workspace.dir);
  const messages = await runLikeTheAction(
    query({ prompt: blocksMessage("Context first.", "/usr/lib is full, please look"), options }),
  );
  assert.equal(messages.at(-1)?.type, "result", options.stderrText());
  const body = server.requests[0]!.body as Body;
  assert.equal(body.messages[0]!.content[0]!.text, "Context first.\n\n/usr/lib is full, please look");
});
