// End-to-end through the official ACP client library, the parts acp.test.ts leaves out: a prompt made
// of text, an image, an embedded resource and a resource link reaching the model; a subagent's steps
// reported under their Agent call (`_meta.parentToolCallId`); and the user's PermissionRequest and
// Notification hooks running in an editor session as in the REPL (a hook's allow answers without
// asking the editor; a question the editor is asked fires Notification first).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { startAcp } from "../support/acp-client.js";
import { envWithClaudeSettings } from "../support/cli.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";

/** A 1×1 PNG. */
const PIXEL =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const toolCalls = (updates: SessionUpdate[]) =>
  updates.filter(
    (update): update is Extract<SessionUpdate, { sessionUpdate: "tool_call" }> =>
      update.sessionUpdate === "tool_call",
  );

test("a prompt of text, an image, an embedded resource and a resource link reaches the model whole", async () => {
  const server = await serveScoped([{ text: "Seen." }]);
  const space = scopedWorkspace({ "notes.md": "linked file text\n" });
  const acp = await startAcp({ cwd: space.dir, env: envWithClaudeSettings({}, server) });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const answer = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [
      { type: "text", text: "Look at these." },
      { type: "image", mimeType: "image/png", data: PIXEL },
      {
        type: "resource",
        resource: {
          uri: `file://${join(space.dir, "draft.ts")}`,
          mimeType: "text/plain",
          text: "const unsaved = 1;",
        },
      },
      { type: "resource_link", uri: `file://${join(space.dir, "notes.md")}`, name: "notes.md" },
    ],
  });
  assert.equal(answer.stopReason, "end_turn", acp.stderr());
  const sent = JSON.stringify(server.requests[0]!.body);
  assert.match(sent, /Look at these\./);
  assert.match(sent, new RegExp(PIXEL.slice(0, 40)), "the image is sent as an image block");
  assert.match(sent, /const unsaved = 1;/, "the embedded resource's text");
  assert.match(sent, /notes\.md/, "the linked file is named");
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("a subagent's steps are reported under their Agent call", async () => {
  const server = await serveScoped({
    turns: [
      {
        tool_calls: [
          {
            id: "toolu_agent",
            name: "Agent",
            input: { description: "look around", prompt: "List the files", subagent_type: "scout" },
          },
        ],
      },
      { text: "The scout looked." },
    ],
    routes: [
      {
        match: "SCOUT agent",
        turns: [
          { tool_calls: [{ id: "toolu_inner", name: "Glob", input: { pattern: "*" } }] },
          { text: "Two files." },
        ],
      },
    ],
  });
  const space = scopedWorkspace({
    "a.txt": "a",
    ".agents/agents/scout.md": "---\nname: scout\ndescription: Looks around\n---\nYou are the SCOUT agent.\n",
  });
  const acp = await startAcp({ cwd: space.dir, env: envWithClaudeSettings({}, server) });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const answer = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "delegate" }],
  });
  assert.equal(answer.stopReason, "end_turn", acp.stderr());
  const calls = toolCalls(acp.updates(sessionId));
  const outer = calls.find((call) => call.toolCallId === "toolu_agent");
  const inner = calls.find((call) => call.toolCallId.includes("toolu_inner"));
  assert.ok(outer, "the Agent call is reported");
  assert.ok(
    inner,
    `the subagent's Glob is reported: ${JSON.stringify(calls.map((call) => call.toolCallId))}`,
  );
  assert.equal(outer._meta?.parentToolCallId, undefined);
  assert.equal(inner._meta?.parentToolCallId, "toolu_agent");
  assert.equal(await acp.close(), 0, acp.stderr());
});

test("the user's PermissionRequest hook answers before the editor is asked; Notification fires when it is", async () => {
  const server = await serveScoped([
    { tool_calls: [{ id: "w1", name: "Write", input: { file_path: "hooked.txt", content: "by hook\n" } }] },
    { tool_calls: [{ id: "w2", name: "Write", input: { file_path: "asked.txt", content: "by editor\n" } }] },
    { text: "Both written." },
  ]);
  const space = scopedWorkspace();
  const log = join(space.dir, "notifications.log");
  const allowHooked = `jq -e '.tool_input.file_path | endswith("hooked.txt")' >/dev/null && echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}' || true`;
  const env = envWithClaudeSettings(
    {
      hooks: {
        PermissionRequest: [{ matcher: "Write", hooks: [{ type: "command", command: allowHooked }] }],
        Notification: [{ hooks: [{ type: "command", command: `jq -r .message >> '${log}'` }] }],
      },
    },
    server,
  );
  const acp = await startAcp({ cwd: space.dir, env, permission: () => "allow_once" });
  const { sessionId } = await acp.agent.request("session/new", { cwd: space.dir, mcpServers: [] });
  const answer = await acp.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "write both" }],
  });
  assert.equal(answer.stopReason, "end_turn", acp.stderr());
  assert.equal(readFileSync(join(space.dir, "hooked.txt"), "utf8"), "by hook\n");
  assert.equal(readFileSync(join(space.dir, "asked.txt"), "utf8"), "by editor\n");
  assert.equal(acp.permissions.length, 1, "only the call the hook did not answer was asked");
  assert.match(JSON.stringify(acp.permissions[0]!.toolCall), /asked\.txt/);
  assert.match(readFileSync(log, "utf8"), /permission/i, "Notification fired for the question");
  assert.equal(await acp.close(), 0, acp.stderr());
});
