// End-to-end: `--input-format stream-json` as programs and the Agent SDKs drive it (no -p, stdin is a
// pipe), against the wire-level fake model server: several turns in one process, queued turns
// finished after stdin closes, the control protocol, bad lines, and the flag checks.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { serveScoped } from "../support/scoped.js";
import { type JsonLine, startStreamCli } from "../support/stream-cli.js";
import { createWorkspace } from "../support/workspace.js";

const workspace = createWorkspace({ "notes.txt": "alpha\n" });
after(async () => {
  workspace.cleanup();
});

const env = (server: FakeModelServer) =>
  cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });

const ofType = (lines: JsonLine[], type: string, subtype?: string) =>
  lines.filter((line) => line.type === type && (subtype === undefined || line.subtype === subtype));

test("two turns in one process; both queued turns finish after stdin closes", async () => {
  const server = await serveScoped([{ text: "first answer" }, { text: "second answer" }]);
  // What the TypeScript Agent SDK sets: it reads the session state lines.
  const withStates = { ...env(server), CLAUDE_CODE_SDK_READS_SESSION_STATE: "1" };
  const cli = startStreamCli(["--replay-user-messages"], { cwd: workspace.dir, env: withStates });
  cli.user("one", "aaaaaaaa-0000-4000-8000-000000000001");
  cli.user("two");
  cli.end();
  const { code } = await cli.exit;
  assert.equal(code, 0, cli.stderr());
  const results = ofType(cli.lines, "result");
  assert.deepEqual(
    results.map((line) => line.result),
    ["first answer", "second answer"],
  );
  assert.equal(results[0]!.user_message_uuid, "aaaaaaaa-0000-4000-8000-000000000001");
  assert.equal(ofType(cli.lines, "system", "init").length, 2, "system/init opens every turn");
  assert.equal(cli.lines[0]!.subtype, "session_state_changed");
  assert.equal(cli.lines[1]!.subtype, "init", "system/init comes before any message of the turn");
  const replays = cli.lines.filter((line) => line.isReplay === true);
  assert.equal(replays.length, 2);
  assert.equal(replays[0]!.uuid, "aaaaaaaa-0000-4000-8000-000000000001");
  assert.deepEqual(replays[1]!.message, { role: "user", content: "two" });
  const states = ofType(cli.lines, "system", "session_state_changed").map((line) => line.state);
  assert.deepEqual(states, ["running", "idle"]);
  // The second request carries the first turn: one conversation.
  const second = server.requests[1]!.body as { messages: Array<{ role: string }> };
  assert.equal(second.messages.length, 3);
});

test("control protocol: initialize, set_permission_mode, set_model, mcp_status, unknown subtypes", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "out.txt", content: "written\n" } }] },
    { text: "wrote it" },
  ]);
  const cli = startStreamCli([], { cwd: workspace.dir, env: env(server) });
  const init = await cli.control({ subtype: "initialize", hooks: null });
  assert.equal(init.subtype, "success");
  const names = init.response.commands.map((command: { name: string }) => command.name);
  assert.ok(names.includes("compact") && names.includes("help"), names.join(","));
  assert.equal(init.response.models[0].value, "claude-sonnet-4-6");
  assert.equal(init.response.output_style, "default");

  const bad = await cli.control({ subtype: "set_permission_mode", mode: "yolo" });
  assert.equal(bad.subtype, "error");
  assert.match(bad.error, /unknown permission mode "yolo"/);
  const bypass = await cli.control({ subtype: "set_permission_mode", mode: "bypassPermissions" });
  assert.equal(bypass.subtype, "error", "bypass needs --allow-dangerously-skip-permissions");
  const edits = await cli.control({ subtype: "set_permission_mode", mode: "acceptEdits" });
  assert.equal(edits.subtype, "success");
  const model = await cli.control({ subtype: "set_model", model: "claude-other-model" });
  assert.equal(model.subtype, "success");
  const status = await cli.control({ subtype: "mcp_status" });
  assert.deepEqual(status.response.mcpServers, []);
  const unknown = await cli.control({ subtype: "seed_read_state", path: "a.txt", mtime: 0 });
  assert.equal(unknown.subtype, "error");
  assert.match(unknown.error, /Unsupported control request subtype: seed_read_state/);
  const rewind = await cli.control({ subtype: "rewind_files", user_message_id: "x" });
  assert.equal(rewind.response.canRewind, false, "checkpointing is off without the SDK's option");

  cli.user("write the file");
  const result = await cli.waitFor((line) => line.type === "result", "result");
  cli.end();
  assert.equal((await cli.exit).code, 0, cli.stderr());
  assert.equal(result.is_error, false);
  assert.deepEqual(result.permission_denials, [], "acceptEdits let Write run");
  const init2 = ofType(cli.lines, "system", "init")[0]!;
  assert.equal(init2.permissionMode, "acceptEdits");
  assert.equal(init2.model, "claude-other-model");
  assert.equal((server.requests[0]!.body as { model: string }).model, "claude-other-model");
  const toolResult = cli.lines.find((line) => line.type === "user" && line.tool_use_result);
  assert.equal(toolResult?.tool_use_result.type, "create");
});

test("interrupt stops the running turn; the next turn runs normally", async () => {
  const server = await serveScoped([
    { text: "slow ".repeat(400), fault: { chunk_delay_ms: 100 } },
    { text: "after the interrupt" },
  ]);
  const cli = startStreamCli(["--include-partial-messages"], { cwd: workspace.dir, env: env(server) });
  cli.user("long answer please");
  await cli.waitFor(
    (line) => line.type === "stream_event" && line.event.type === "content_block_delta",
    "the first streamed text",
  );
  const reply = await cli.control({ subtype: "interrupt" });
  assert.equal(reply.subtype, "success");
  assert.deepEqual(reply.response.still_queued, []);
  const stopped = await cli.waitFor((line) => line.type === "result", "the interrupted result");
  assert.equal(stopped.subtype, "error_during_execution");
  assert.equal(stopped.is_error, true);
  assert.ok(stopped.errors.length > 0);
  cli.user("go on");
  cli.end();
  assert.equal((await cli.exit).code, 0, cli.stderr());
  const results = ofType(cli.lines, "result");
  assert.equal(results.at(-1)!.result, "after the interrupt");
});

test("a bad line is reported with its line number and the run goes on", async () => {
  const server = await serveScoped([{ text: "still here" }]);
  const cli = startStreamCli([], { cwd: workspace.dir, env: env(server) });
  cli.child.stdin.write("this is not json\n");
  cli.send({ type: "user", message: { role: "assistant", content: "wrong role" } });
  cli.send({ type: "mystery" });
  cli.user("hello");
  cli.end();
  assert.equal((await cli.exit).code, 0);
  assert.match(cli.stderr(), /stdin line 1: not JSON/);
  assert.match(cli.stderr(), /stdin line 2: user: message\.role/);
  assert.match(cli.stderr(), /stdin line 3: unknown message type "mystery"/);
  assert.equal(ofType(cli.lines, "result")[0]!.result, "still here");
  // Without CLAUDE_CODE_SDK_READS_SESSION_STATE (a script, the Python SDK), as in Claude Code: none.
  assert.deepEqual(ofType(cli.lines, "system", "session_state_changed"), []);
  assert.equal(cli.lines[0]!.subtype, "init");
});

test("a failed last turn exits 1; the result names the API error like Claude Code", async () => {
  const server = await serveScoped([{ fault: { status: 400, body: "bad request body" } }]);
  const cli = startStreamCli([], { cwd: workspace.dir, env: env(server) });
  cli.user("hi");
  cli.end();
  assert.equal((await cli.exit).code, 1);
  const result = ofType(cli.lines, "result")[0]!;
  assert.equal(result.subtype, "success");
  assert.equal(result.is_error, true);
  assert.equal(result.api_error_status, 400);
  assert.match(result.result, /^API Error: 400/);
});

test("flag checks: stream-json input needs stream-json output; unknown flags name themselves", async () => {
  const wrong = await runCli(["--input-format", "stream-json"], { cwd: workspace.dir, stdin: "" });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--input-format stream-json needs --output-format stream-json/);
  const unknown = await runCli(["-p", "x", "--no-such-flag"], { cwd: workspace.dir });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--no-such-flag/);
  const session = await runCli(["-p", "x", "--session-id", "not-a-uuid"], { cwd: workspace.dir });
  assert.equal(session.code, 2);
  assert.match(session.stderr, /--session-id not-a-uuid: expected a UUID/);
  const prompt = await runCli(["-p", "x", "--permission-prompt-tool", "mcp__auth__ask"], {
    cwd: workspace.dir,
  });
  assert.equal(prompt.code, 2);
  assert.match(prompt.stderr, /--permission-prompt-tool mcp__auth__ask: reagent supports "stdio"/);
  const sources = await runCli(["-p", "x", "--setting-sources", "user,team"], { cwd: workspace.dir });
  assert.equal(sources.code, 2);
  assert.match(sources.stderr, /"team" is not one of user, project, local/);
  // The GitHub Action's order: -p, then claude_args; a prompt after a list flag became its value.
  const swallowed = await runCli(["-p", "--allowedTools", "Read", "fix the bug"], {
    cwd: workspace.dir,
    stdin: "",
  });
  assert.equal(swallowed.code, 2);
  assert.match(
    swallowed.stderr,
    /the prompt is empty; --allowedTools takes every word up to the next flag, .*put the prompt right after -p, or end the list with --/,
  );
});

test("--json-schema: a model that never answers in the format is reminded, then the run fails clearly", async () => {
  const server = await serveScoped([
    { text: "plain answer" },
    { text: "still plain" },
    { text: "plain again" },
  ]);
  const schema = JSON.stringify({
    type: "object",
    properties: { ok: { type: "boolean" } },
    required: ["ok"],
  });
  const run = await runCli(["-p", "check", "--json-schema", schema, "--output-format", "json"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(run.code, 1);
  const result = JSON.parse(run.stdout);
  assert.equal(result.subtype, "error_max_structured_output_retries");
  assert.equal(result.terminal_reason, "structured_output_retry_exhausted");
  assert.equal(result.num_turns, 3);
  assert.match(result.errors[0], /no valid StructuredOutput call after 2 reminders/);
  assert.equal(server.requests.length, 3);
  const bad = await runCli(["-p", "x", "--json-schema", "{not json"], {
    cwd: workspace.dir,
    env: env(server),
  });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--json-schema: invalid JSON/);
});

test("a user message with an image passes the image to the model; other blocks are named in a note", async () => {
  const server = await serveScoped([{ text: "A single pixel." }]);
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  const cli = startStreamCli([], { cwd: workspace.dir, env: env(server) });
  cli.send({
    type: "user",
    message: {
      role: "user",
      content: [
        { type: "text", text: "What is in this image?" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
        { type: "document", source: { type: "text", media_type: "text/plain", data: "notes" } },
      ],
    },
  });
  cli.end();
  assert.equal((await cli.exit).code, 0, cli.stderr());
  const body = server.requests[0]!.body as { messages: Array<{ content: Array<Record<string, unknown>> }> };
  const content = body.messages[0]!.content;
  assert.equal(content[0]!.text, "What is in this image?");
  const image = content.find((block) => block.type === "image");
  assert.deepEqual(image?.source, { type: "base64", media_type: "image/png", data: png });
  assert.ok(content.some((block) => /a document block/.test(String(block.text))));
  assert.match(cli.stderr(), /a user message carried a document block/);
});
