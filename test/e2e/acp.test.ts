// End-to-end: `reagent --acp` driven by the official ACP library's client side over the built CLI's
// stdio, against the wire-level fake model server: initialize, a whole session in the editor's folder
// (streamed text and thinking, tool calls with statuses, diffs and locations, a plan, commands, usage),
// modes and config options, the stop reasons, session/list and session/load, and the errors.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { type AcpClient, rawAcp, startAcp } from "../support/acp-client.js";
import { cleanEnv } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const envFor = (server: FakeModelServer, home?: string) =>
  cleanEnv({
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ...(home ? { HOME: home } : {}),
  });

const ofKind = <K extends SessionUpdate["sessionUpdate"]>(updates: SessionUpdate[], kind: K) =>
  updates.filter(
    (update): update is Extract<SessionUpdate, { sessionUpdate: K }> => update.sessionUpdate === kind,
  );

const text = (
  updates: SessionUpdate[],
  kind: "agent_message_chunk" | "agent_thought_chunk" | "user_message_chunk",
) =>
  ofKind(updates, kind)
    .map((update) => (update.content.type === "text" ? update.content.text : ""))
    .join("");

/** The statuses one tool call went through, in order. */
function statuses(updates: SessionUpdate[], id: string): string[] {
  return updates
    .filter(
      (update) =>
        (update.sessionUpdate === "tool_call" || update.sessionUpdate === "tool_call_update") &&
        update.toolCallId === id &&
        typeof update.status === "string",
    )
    .map((update) => (update as { status: string }).status)
    .filter((status, index, all) => index === 0 || all[index - 1] !== status);
}

function finalUpdate(updates: SessionUpdate[], id: string) {
  const found = ofKind(updates, "tool_call_update").filter(
    (update) => update.toolCallId === id && (update.status === "completed" || update.status === "failed"),
  );
  assert.equal(found.length, 1, `one final update for ${id}`);
  return found[0]!;
}

async function closeAll(acp: AcpClient) {
  const code = await acp.close();
  assert.equal(code, 0, acp.stderr());
}

test("initialize: version, capabilities, auth methods naming the variables; a newer client gets version 1", async () => {
  const server = await serveScoped([]);
  const space = scopedWorkspace();
  const acp = await startAcp({ cwd: space.dir, env: envFor(server) });
  const init = acp.initialized;
  assert.equal(init.protocolVersion, 1);
  assert.equal(init.agentCapabilities?.loadSession, true);
  assert.deepEqual(init.agentCapabilities?.promptCapabilities, {
    image: true,
    audio: false,
    embeddedContext: true,
  });
  assert.equal(init.agentCapabilities?.mcpCapabilities?.http, true);
  assert.ok(init.agentCapabilities?.sessionCapabilities?.list);
  const described = (init.authMethods ?? []).map((method) => method.description ?? "").join(" ");
  for (const name of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "CLAUDE_CODE_USE_BEDROCK"])
    assert.match(described, new RegExp(name));
  await closeAll(acp);
  const newer = await rawAcp(
    [
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: 7, clientCapabilities: {} },
      }),
    ],
    { cwd: space.dir, env: envFor(server), until: (answers) => answers.length >= 1 },
  );
  assert.equal((newer.answers[0] as { result: { protocolVersion: number } }).result.protocolVersion, 1);
});

test("a session in the editor's folder: thinking, text, tool calls pending -> in_progress -> completed with diffs and locations, a plan, commands, usage", async () => {
  const server = await serveScoped([
    {
      thinking: "Plan first.",
      tool_calls: [
        { id: "plan1", name: "TaskCreate", input: { subject: "Write the note", description: "note.txt" } },
      ],
    },
    { tool_calls: [{ id: "read1", name: "Read", input: { file_path: "a.txt" } }] },
    {
      tool_calls: [
        {
          id: "edit1",
          name: "Edit",
          input: { file_path: "a.txt", old_string: "alpha", new_string: "omega" },
        },
      ],
    },
    { tool_calls: [{ id: "bash1", name: "Bash", input: { command: "echo from-bash" } }] },
    { text: "All done." },
  ]);
  const space = scopedWorkspace({ "a.txt": "alpha\nbeta\n" });
  const other = scopedWorkspace();
  // The process runs elsewhere: the session's folder is the one session/new names.
  const acp = await startAcp({
    cwd: other.dir,
    env: envFor(server),
    args: ["--effort", "high", "--permission-mode", "acceptEdits", "--allowedTools", "Bash(echo:*)"],
  });
  const session = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  assert.equal(session.modes?.currentModeId, "acceptEdits");
  assert.deepEqual(
    session.modes?.availableModes.map((mode) => mode.id),
    ["default", "acceptEdits", "plan", "dontAsk"],
    "bypassPermissions only when allowed",
  );
  const model = session.configOptions?.find((option) => option.id === "model");
  assert.ok(model && model.type === "select");
  const values = (model.options as Array<{ value: string }>).map((option) => option.value);
  assert.ok(values.includes("sonnet") && values.includes(model.currentValue), values.join(","));
  const answer = await acp.agent.request("session/prompt", {
    sessionId: session.sessionId,
    prompt: [{ type: "text", text: "change alpha" }],
  });
  assert.equal(answer.stopReason, "end_turn");
  assert.equal(readFileSync(join(space.dir, "a.txt"), "utf8"), "omega\nbeta\n");
  const updates = acp.updates(session.sessionId);
  assert.ok(text(updates, "agent_thought_chunk").startsWith("Plan first."));
  assert.equal(text(updates, "agent_message_chunk"), "All done.");
  for (const id of ["read1", "edit1", "bash1"])
    assert.deepEqual(statuses(updates, id), ["pending", "in_progress", "completed"], id);
  const read = ofKind(updates, "tool_call").find((update) => update.toolCallId === "read1");
  assert.equal(read?.kind, "read");
  const edit = finalUpdate(updates, "edit1");
  assert.deepEqual(edit.locations, [{ path: join(space.dir, "a.txt"), line: 1 }]);
  assert.deepEqual(edit.content, [
    { type: "diff", path: join(space.dir, "a.txt"), oldText: "alpha\nbeta", newText: "omega\nbeta" },
  ]);
  const editTitle = ofKind(updates, "tool_call_update").find(
    (update) => update.toolCallId === "edit1" && update.title,
  );
  assert.equal(editTitle?.title, `Edit ${join(space.dir, "a.txt")}`);
  const bash = finalUpdate(updates, "bash1");
  assert.equal(ofKind(updates, "tool_call").find((update) => update.toolCallId === "bash1")?.kind, "execute");
  assert.match(JSON.stringify(bash.content), /from-bash/);
  assert.equal((bash.rawOutput as { exitCode: number }).exitCode, 0);
  const plan = ofKind(updates, "plan").at(-1);
  assert.deepEqual(plan?.entries, [{ content: "Write the note", priority: "medium", status: "pending" }]);
  const commands = ofKind(updates, "available_commands_update")[0];
  assert.ok(commands?.availableCommands.some((command) => command.name === "compact"));
  const usage = ofKind(updates, "usage_update").at(-1);
  assert.ok(usage && usage.used > 0 && usage.size > 0 && usage.cost?.currency === "USD");
  assert.equal(server.requests.length, 5);
  await closeAll(acp);
});

test("modes and config options: set_mode sends current_mode_update; the model option switches the model; bad values are errors", async () => {
  const server = await serveScoped([{ text: "ok" }]);
  const space = scopedWorkspace();
  const acp = await startAcp({ cwd: space.dir, env: envFor(server) });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  await acp.agent.request("session/set_mode", { sessionId, modeId: "plan" });
  await assert.rejects(
    acp.agent.request("session/set_mode", { sessionId, modeId: "bypassPermissions" }),
    /bypassPermissions/,
  );
  const changed = await acp.agent.request("session/set_config_option", {
    sessionId,
    configId: "model",
    value: "haiku",
  });
  const model = changed.configOptions.find((option) => option.id === "model");
  assert.match(String(model?.type === "select" ? model.currentValue : ""), /haiku/);
  await assert.rejects(
    acp.agent.request("session/set_config_option", { sessionId, configId: "colour", value: "x" }),
    /unknown config option/,
  );
  await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hi" }] });
  assert.match(String((server.requests[0]!.body as { model: string }).model), /haiku/);
  const modes = ofKind(acp.updates(sessionId), "current_mode_update");
  assert.deepEqual(
    modes.map((update) => update.currentModeId),
    ["plan"],
  );
  await closeAll(acp);
});

test("stop reasons: refusal, max_tokens, max_turn_requests; a typed /command runs through the registry", async () => {
  const server = await serveScoped([
    { text: "I can't help with that.", stop_reason: "refusal" },
    { text: "cut of", stop_reason: "max_tokens" },
    { tool_calls: [{ id: "g1", name: "Glob", input: { pattern: "*" } }] },
  ]);
  const space = scopedWorkspace({ "x.txt": "x" });
  const acp = await startAcp({ cwd: space.dir, env: envFor(server), args: ["--max-turns", "1"] });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const ask = async (words: string) =>
    (await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: words }] }))
      .stopReason;
  assert.equal(await ask("something bad"), "refusal");
  assert.equal(await ask("write a lot"), "max_tokens");
  assert.equal(await ask("look around"), "max_turn_requests");
  const before = server.requests.length;
  assert.equal(await ask("/status"), "end_turn");
  assert.equal(server.requests.length, before, "a local command asks no model");
  assert.match(text(acp.updates(sessionId), "agent_message_chunk"), /Model|model/);
  await closeAll(acp);
});

test("session/list and session/load: an earlier session is listed for its folder and replayed as updates", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "made.txt", content: "made\n" } }] },
    { text: "Made it." },
    { text: "Second answer." },
  ]);
  const space = scopedWorkspace();
  const env = envFor(server);
  const first = await startAcp({ cwd: space.dir, env, args: ["--permission-mode", "acceptEdits"] });
  const { sessionId } = await first.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  await first.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "make a file" }] });
  await closeAll(first);

  const second = await startAcp({ cwd: space.dir, env });
  const listed = await second.agent.request("session/list", { cwd: space.dir });
  assert.deepEqual(
    listed.sessions.map((info) => [info.sessionId, info.cwd, info.title]),
    [[sessionId, space.dir, "make a file"]],
  );
  const everywhere = await second.agent.request("session/list", {});
  assert.ok(everywhere.sessions.some((info) => info.sessionId === sessionId));
  await second.agent.request("session/load", { sessionId, cwd: space.dir, mcpServers: [] });
  const replayed = second.updates(sessionId);
  assert.equal(text(replayed, "user_message_chunk"), "make a file");
  assert.equal(text(replayed, "agent_message_chunk"), "Made it.");
  const write = ofKind(replayed, "tool_call").find((update) => update.toolCallId === "w1");
  assert.equal(write?.status, "completed");
  assert.deepEqual(write?.content, [
    { type: "diff", path: join(space.dir, "made.txt"), oldText: null, newText: "made" },
  ]);
  // The loaded session goes on where it stopped: the next request carries the history.
  await second.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "and now?" }] });
  const last = server.requests.at(-1)!.body as { messages: unknown[] };
  assert.equal(last.messages.length, 5);
  await assert.rejects(
    second.agent.request("session/load", {
      sessionId: "00000000-0000-4000-8000-000000000000",
      cwd: space.dir,
      mcpServers: [],
    }),
    (error: { code?: number }) => error.code === -32002,
  );
  await closeAll(second);
});

test("errors: a prompt for an unknown session, an unknown method, malformed JSON, a relative cwd; stdout carries only protocol", async () => {
  const server = await serveScoped([]);
  const space = scopedWorkspace();
  const lines = [
    "this is not json",
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } }),
  ];
  const later = [
    JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "session/prompt",
      params: { sessionId: "nope", prompt: [{ type: "text", text: "hi" }] },
    }),
    JSON.stringify({ jsonrpc: "2.0", id: 3, method: "session/teleport", params: {} }),
    JSON.stringify({
      jsonrpc: "2.0",
      id: 4,
      method: "session/new",
      params: { cwd: "relative/dir", mcpServers: [] },
    }),
    JSON.stringify({ jsonrpc: "2.0", id: 5, method: "session/new", params: { cwd: space.dir } }),
  ];
  const run = await rawAcp(lines, {
    afterInitialize: later,
    cwd: space.dir,
    env: envFor(server),
    until: (answers) =>
      [1, 2, 3, 4, 5].every((id) => answers.some((answer) => "id" in answer && answer.id === id)),
  });
  const byId = (id: number) =>
    run.answers.find((answer) => "id" in answer && answer.id === id) as {
      error?: { code: number; message: string };
    };
  assert.ok(
    run.answers.some((answer) => "error" in answer && answer.error.code === -32700),
    run.stdout,
  );
  assert.equal(byId(2).error?.code, -32002);
  assert.equal(byId(3).error?.code, -32601);
  assert.equal(byId(4).error?.code, -32602);
  assert.match(byId(4).error?.message ?? "", /absolute/);
  assert.equal(byId(5).error?.code, -32602, "mcpServers is required");
  for (const line of run.stdout.split("\n").filter(Boolean))
    assert.equal(JSON.parse(line).jsonrpc, "2.0", line);
  assert.equal(run.code, 0, run.stderr);
});

test("no provider configured: session/new answers auth_required naming the variables", async () => {
  const space = scopedWorkspace();
  const acp = await startAcp({ cwd: space.dir, env: cleanEnv() });
  await assert.rejects(
    acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] }),
    (error: { code?: number; message?: string }) =>
      error.code === -32000 && /ANTHROPIC_API_KEY/.test(error.message ?? ""),
  );
  await assert.rejects(
    acp.agent.request("authenticate", { methodId: "anthropic-api-key" }),
    /ANTHROPIC_API_KEY/,
  );
  await closeAll(acp);
});
