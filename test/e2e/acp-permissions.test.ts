// End-to-end: permission questions as session/request_permission (one round trip per option, applied
// as the REPL dialog applies them) and session/cancel while the answer streams and while a command
// runs (the prompt answers cancelled; every call gets a final update), driving the built CLI.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { startAcp } from "../support/acp-client.js";
import { cleanEnv } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const envFor = (server: FakeModelServer) =>
  cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });

const touch = (id: string, file: string) => ({
  tool_calls: [{ id, name: "Bash", input: { command: `touch ${file}` } }],
});

const finalStatus = (updates: SessionUpdate[], id: string) =>
  updates
    .filter((update) => update.sessionUpdate === "tool_call_update" && update.toolCallId === id)
    .map((update) => (update as { status?: string }).status)
    .filter((status) => status === "completed" || status === "failed");

test("allow_once runs the call and asks again next time; allow_always adds the rule, so the same call is not asked again", async () => {
  const server = await serveScoped([
    touch("a1", "one"),
    touch("a2", "one"),
    touch("a3", "two"),
    touch("a4", "two"),
    { text: "done" },
  ]);
  const space = scopedWorkspace();
  const answers = ["allow_once", "allow_once", "allow_always"];
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    permission: () => answers.shift() ?? "reject_once",
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const answer = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "touch" }],
  });
  assert.equal(answer.stopReason, "end_turn");
  assert.ok(existsSync(join(space.dir, "one")) && existsSync(join(space.dir, "two")));
  assert.deepEqual(
    acp.permissions.map((request) => request.toolCall.toolCallId),
    ["a1", "a2", "a3"],
    "a4 was allowed by the rule allow_always added",
  );
  const first = acp.permissions[0]!;
  assert.deepEqual(
    first.options.map((option) => option.kind),
    ["allow_once", "allow_always", "reject_once", "reject_always"],
  );
  assert.match(first.options[1]!.name, /Bash\(touch/);
  assert.equal(first.toolCall.kind, "execute");
  for (const id of ["a1", "a2", "a3", "a4"])
    assert.deepEqual(finalStatus(acp.updates(sessionId), id), ["completed"], id);
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("reject_once fails the call and ends the turn; reject_always denies the same call later without asking; a cancelled question is a no", async () => {
  const server = await serveScoped([
    touch("r1", "no-1"),
    touch("r2", "no-2"),
    touch("r3", "no-2"),
    { text: "that was denied" },
    touch("r4", "no-4"),
  ]);
  const space = scopedWorkspace();
  const answers = ["reject_once", "reject_always", "cancel"];
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    permission: () => answers.shift() ?? "allow_once",
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const ask = async () =>
    (await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "go" }] }))
      .stopReason;
  assert.equal(await ask(), "end_turn");
  assert.deepEqual(finalStatus(acp.updates(sessionId), "r1"), ["failed"]);
  assert.equal(await ask(), "end_turn");
  assert.equal(await ask(), "end_turn", "the deny rule answers without a question");
  assert.equal(await ask(), "end_turn");
  assert.deepEqual(
    acp.permissions.map((request) => request.toolCall.toolCallId),
    ["r1", "r2", "r4"],
  );
  for (const id of ["r2", "r3", "r4"])
    assert.deepEqual(finalStatus(acp.updates(sessionId), id), ["failed"], id);
  for (const file of ["no-1", "no-2", "no-4"]) assert.equal(existsSync(join(space.dir, file)), false, file);
  const denied = server.requests[3]!.body as { messages: Array<{ content: unknown }> };
  assert.match(JSON.stringify(denied.messages.at(-1)), /deny|denied|not allowed/i);
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("session/cancel while the answer streams: the prompt answers cancelled and the session goes on", async () => {
  // Three pieces ten seconds apart: the cancel comes while the answer is still streaming.
  const long = "word ".repeat(400);
  const server = await serveScoped([{ text: long, fault: { chunk_delay_ms: 10_000 } }, { text: "next" }]);
  const space = scopedWorkspace();
  const acp = await startAcp({ cwd: space.dir, env: envFor(server) });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const pending = acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "talk" }],
  });
  await acp.waitFor(sessionId, (update) => update.sessionUpdate === "agent_message_chunk");
  await acp.agent.notify("session/cancel", { sessionId });
  assert.equal((await pending).stopReason, "cancelled");
  const streamed = acp
    .updates(sessionId)
    .filter((update) => update.sessionUpdate === "agent_message_chunk")
    .map((update) => (update as { content: { text: string } }).content.text)
    .join("");
  assert.ok(streamed.length < long.length, "the stream stopped");
  const again = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "again" }],
  });
  assert.equal(again.stopReason, "end_turn");
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("session/cancel while a command runs: the command is stopped, it and the call queued after it get final updates", async () => {
  const server = await serveScoped([
    {
      tool_calls: [
        { id: "sleep1", name: "Bash", input: { command: "sleep 60" } },
        { id: "after1", name: "Bash", input: { command: "touch after" } },
      ],
    },
  ]);
  const space = scopedWorkspace();
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    args: ["--allowedTools", "Bash(sleep:*)", "Bash(touch:*)"],
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const pending = acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "wait" }],
  });
  await acp.waitFor(
    sessionId,
    (update) =>
      update.sessionUpdate === "tool_call_update" &&
      update.toolCallId === "sleep1" &&
      update.status === "in_progress",
  );
  await acp.agent.notify("session/cancel", { sessionId });
  assert.equal((await pending).stopReason, "cancelled");
  const updates = acp.updates(sessionId);
  assert.deepEqual(finalStatus(updates, "sleep1"), ["failed"]);
  assert.deepEqual(finalStatus(updates, "after1"), ["failed"]);
  assert.equal(existsSync(join(space.dir, "after")), false);
  assert.equal(await acp.close(), 0, acp.stderr());
});
