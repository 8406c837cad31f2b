// End-to-end: AskUserQuestion in an editor. Each question reaches the client as a
// session/request_permission whose options are its choices plus "Decline"; the chosen labels are the
// answers the model gets. Declining one question declines the call, and the model is told.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startAcp } from "../support/acp-client.js";
import { cleanEnv } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const envFor = (server: FakeModelServer) =>
  cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });

const QUESTIONS = [
  {
    question: "Which database?",
    header: "Database",
    options: [
      { label: "Postgres", description: "the usual" },
      { label: "SQLite", description: "one file" },
    ],
    multiSelect: false,
  },
  {
    question: "Which extras?",
    header: "Extras",
    options: [
      { label: "Docker", description: "a compose file" },
      { label: "CI", description: "a workflow" },
    ],
    multiSelect: true,
  },
];

const ask = (id: string) => ({
  tool_calls: [{ id, name: "AskUserQuestion", input: { questions: QUESTIONS } }],
});

function toolResultText(server: FakeModelServer, id: string): string {
  for (const request of server.requests) {
    const body = request.body as { messages: Array<{ content: unknown }> };
    for (const message of body.messages)
      if (Array.isArray(message.content))
        for (const block of message.content as Array<{ tool_use_id?: string; content?: unknown }>)
          if (block.tool_use_id === id) return JSON.stringify(block.content);
  }
  throw new Error(`no result for ${id}`);
}

test("ACP: AskUserQuestion asks each question with its choices; the picked labels are the answers", async () => {
  const server = await serveScoped([ask("q1"), { text: "Postgres with CI it is." }]);
  const space = scopedWorkspace();
  const picks = ["choice_0", "choice_1"];
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    permission: () => picks.shift() ?? "decline",
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const answer = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "set up" }],
  });
  assert.equal(answer.stopReason, "end_turn");
  assert.equal(acp.permissions.length, 2, "one request per question");
  const [first, second] = acp.permissions;
  assert.match(first?.toolCall.title ?? "", /Database: Which database\?/);
  assert.deepEqual(
    first?.options.map((option) => [option.optionId, option.name]),
    [
      ["choice_0", "Postgres — the usual"],
      ["choice_1", "SQLite — one file"],
      ["decline", "Decline"],
    ],
  );
  assert.match(second?.toolCall.title ?? "", /Which extras\? \(one choice here\)/);
  const text = toolResultText(server, "q1");
  assert.match(text, /\\"Which database\?\\"=\\"Postgres\\"/);
  assert.match(text, /\\"Which extras\?\\"=\\"CI\\"/);
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("ACP: declining a question declines the call; the model hears it and the session goes on", async () => {
  const server = await serveScoped([ask("q2"), { text: "I will decide myself." }, { text: "still here" }]);
  const space = scopedWorkspace();
  const picks = ["choice_1", "decline"];
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    permission: () => picks.shift() ?? "decline",
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "set up" }] });
  assert.equal(acp.permissions.length, 2);
  assert.doesNotMatch(toolResultText(server, "q2"), /The user answered/);
  const again = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "and?" }],
  });
  assert.equal(again.stopReason, "end_turn");
  assert.equal(await acp.close(), 0, acp.stderr());
});
