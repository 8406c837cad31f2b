// End-to-end: what an editor brings to `reagent --acp` — its buffers (Read sees the unsaved text, not
// the disk's; Edit writes through the editor; a -32002 answer is a missing file), its terminal (a Bash
// command runs in reagent and its output is shown in an editor terminal), and its MCP servers.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { RequestError, type SessionUpdate } from "@agentclientprotocol/sdk";
import { fixtureSpec } from "../mcp/fixture-specs.js";
import { startAcp } from "../support/acp-client.js";
import { cleanEnv } from "../support/cli.js";
import type { FakeModelServer } from "../support/fake-model-server.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

const envFor = (server: FakeModelServer) =>
  cleanEnv({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL });

const lastRequestText = (server: FakeModelServer) => JSON.stringify(server.requests.at(-1)!.body);

const finalOf = (updates: SessionUpdate[], id: string) =>
  updates.find(
    (update) =>
      update.sessionUpdate === "tool_call_update" &&
      update.toolCallId === id &&
      (update.status === "completed" || update.status === "failed"),
  ) as Extract<SessionUpdate, { sessionUpdate: "tool_call_update" }> | undefined;

test("client fs: Read sees the editor's unsaved buffer, Edit writes through the editor, -32002 is a missing file", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "r1", name: "Read", input: { file_path: "notes.txt" } }] },
    {
      tool_calls: [
        {
          id: "e1",
          name: "Edit",
          input: { file_path: "notes.txt", old_string: "unsaved", new_string: "edited" },
        },
      ],
    },
    { tool_calls: [{ id: "r2", name: "Read", input: { file_path: "gone.txt" } }] },
    { text: "read them" },
  ]);
  const space = scopedWorkspace({ "notes.txt": "text on disk\n", "gone.txt": "deleted in the editor\n" });
  const buffers = new Map([[join(space.dir, "notes.txt"), "unsaved text in the editor\n"]]);
  const written: Array<{ path: string; content: string }> = [];
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    args: ["--permission-mode", "acceptEdits"],
    capabilities: { fs: { readTextFile: true, writeTextFile: true } },
    readTextFile: ({ path }) => {
      const text = buffers.get(path);
      if (text === undefined) throw RequestError.resourceNotFound(path);
      return text;
    },
    writeTextFile: ({ path, content }) => {
      written.push({ path, content });
      buffers.set(path, content);
    },
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "read notes" }] });
  const second = JSON.stringify(server.requests[1]!.body);
  assert.ok(
    second.includes("unsaved text in the editor") && !second.includes("text on disk"),
    "the buffer's text",
  );
  assert.deepEqual(written, [{ path: join(space.dir, "notes.txt"), content: "edited text in the editor\n" }]);
  assert.equal(
    readFileSync(join(space.dir, "notes.txt"), "utf8"),
    "text on disk\n",
    "the editor owns the write",
  );
  const missing = finalOf(acp.updates(sessionId), "r2");
  assert.equal(missing?.status, "failed");
  assert.ok(
    /gone\.txt: it or a folder on its path does not exist/.test(lastRequestText(server)),
    "a missing file",
  );
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("client terminal: the command runs in reagent (gate and hooks apply) and its output shows in an editor terminal", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "b1", name: "Bash", input: { command: "echo shown-in-editor; exit 3" } }] },
    { text: "ran" },
  ]);
  const space = scopedWorkspace();
  const acp = await startAcp({
    cwd: space.dir,
    env: envFor(server),
    args: ["--allowedTools", "Bash(echo:*)"],
    capabilities: { terminal: true },
  });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "run it" }] });
  const final = finalOf(acp.updates(sessionId), "b1");
  assert.equal(final?.status, "failed", "exit 3");
  const content = final?.content?.[0];
  assert.equal(content?.type, "terminal");
  const terminalId = content?.type === "terminal" ? content.terminalId : "";
  assert.match(
    acp.terminalOutputs.get(terminalId) ?? "",
    /\$ echo shown-in-editor; exit 3\nshown-in-editor\n/,
  );
  // The model got the command's real output from reagent's own Bash tool.
  assert.ok(/Exit code 3/.test(lastRequestText(server)), "the result carries the exit code");
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("an MCP server the editor passes in session/new is connected beside the project's", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "m1", name: "mcp__editor-tools__echo", input: { message: "from the editor" } }] },
    { text: "echoed" },
  ]);
  const space = scopedWorkspace();
  const spec = fixtureSpec("good-server.ts");
  assert.equal(spec.type, "stdio");
  const acp = await startAcp({ cwd: space.dir, env: envFor(server), permission: () => "allow_once" });
  const { sessionId } = await acp.agent.request("session/new", {
    cwd: space.dir,
    mcpServers: [
      {
        name: "editor-tools",
        command: spec.type === "stdio" ? spec.command : "",
        args: spec.type === "stdio" ? spec.args : [],
        env: [],
      },
    ],
  });
  await acp.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "echo" }] });
  const tools = (server.requests[0]!.body as { tools: Array<{ name: string }> }).tools.map(
    (tool) => tool.name,
  );
  assert.ok(tools.includes("mcp__editor-tools__echo"), tools.join(","));
  assert.equal(finalOf(acp.updates(sessionId), "m1")?.status, "completed");
  assert.ok(/echo: from the editor/.test(lastRequestText(server)), "the server answered");
  assert.equal(await acp.close(), 0, acp.stderr());
});
