// Development-only compatibility: reagent behind Zed's published Claude adapter
// (@zed-industries/claude-agent-acp, which runs any CLI speaking the Agent SDK's stream-json protocol
// from CLAUDE_CODE_EXECUTABLE), driven by the official ACP library's client side against the fake
// model server: a prompt streamed back, a tool call, a permission round trip, and the session listed
// and replayed by the adapter's own SDK copy (reagent links its transcript where the SDK looks).
import assert from "node:assert/strict";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { type AcpClient, startAcp } from "../support/acp-client.js";
import { BIN, cleanEnv } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const ADAPTER = createRequire(import.meta.url).resolve("@zed-industries/claude-agent-acp/dist/index.js");

const adapterEnv = (server: FakeModelServer, extra: Record<string, string> = {}) =>
  cleanEnv({
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    CLAUDE_CODE_EXECUTABLE: BIN,
    ...extra,
  });

const said = (updates: SessionUpdate[], kind: "agent_message_chunk" | "user_message_chunk") =>
  updates
    .filter(
      (update): update is Extract<SessionUpdate, { sessionUpdate: typeof kind }> =>
        update.sessionUpdate === kind,
    )
    .map((update) => (update.content.type === "text" ? update.content.text : ""))
    .join("");

/** The adapter waits on stdin for good (an editor ends it with a signal), so it is sent one. */
async function stop(acp: AcpClient) {
  acp.child.kill("SIGTERM");
  await acp.close();
}

test("through Zed's adapter: a prompt streams back, a Write asks and runs, the session is listed and replayed", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "made.txt", content: "made\n" } }] },
    { text: "Made the file." },
  ]);
  const space = scopedWorkspace();
  const env = adapterEnv(server);
  const first = await startAcp({ cwd: space.dir, env, command: [ADAPTER], permission: () => "allow" });
  const { sessionId } = await first.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const answer = await first.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "make a file" }],
  });
  assert.equal(answer.stopReason, "end_turn", first.stderr());
  assert.equal(said(first.updates(sessionId), "agent_message_chunk"), "Made the file.");
  assert.equal(readFileSync(join(space.dir, "made.txt"), "utf8"), "made\n");
  assert.equal(first.permissions.length, 1, "the Write was asked about through the editor");
  assert.match(JSON.stringify(first.permissions[0]!.toolCall), /made\.txt/);
  // The adapter's SDK reads <HOME>/.claude/projects/<folder key>/<id>.jsonl.
  const key = realpathSync(space.dir).replace(/[^a-zA-Z0-9]/g, "-");
  assert.ok(existsSync(join(env.HOME!, ".claude", "projects", key, `${sessionId}.jsonl`)));
  await stop(first);

  const second = await startAcp({ cwd: space.dir, env, command: [ADAPTER] });
  const listed = await second.agent.request("session/list", { cwd: space.dir });
  assert.deepEqual(
    listed.sessions.map((info) => [info.sessionId, info.title]),
    [[sessionId, "make a file"]],
  );
  await second.agent.request("session/load", { sessionId, cwd: space.dir, mcpServers: [] });
  const replayed = second.updates(sessionId);
  assert.equal(said(replayed, "user_message_chunk"), "make a file");
  assert.equal(said(replayed, "agent_message_chunk"), "Made the file.");
  await stop(second);
});
