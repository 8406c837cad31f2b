// End-to-end with the real Agent SDK: its `plugins: [{type: "local", path}]` option (which it passes as
// --plugin-dir) loads the plugin — system/init lists it with its path, its command runs as a prompt,
// and its PreToolUse guard blocks `rm -rf` before canUseTool is asked.
import assert from "node:assert/strict";
import { test } from "node:test";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { collect, resultOf, sdkOptions } from "../support/agent-sdk.js";
import { writePlugin } from "../support/plugin-fixture.js";
import { scopedWorkspace, serveScoped } from "../support/scoped.js";
import { tempFolder } from "../support/temp-folder.js";

test("the SDK's plugins option loads a local plugin: init lists it, its command and its guard work", async () => {
  const root = writePlugin(tempFolder("sdk-plugins"));
  const server = await serveScoped([
    { tool_calls: [{ id: "toolu_rm", name: "Bash", input: { command: "rm -rf build" } }] },
    { text: "done" },
  ]);
  const workspace = scopedWorkspace({ "README.md": "# demo\n" });
  const asked: string[] = [];
  const options = sdkOptions(server, workspace.dir, {
    plugins: [{ type: "local", path: root }],
    canUseTool: async (tool) => {
      asked.push(tool);
      return { behavior: "allow", updatedInput: {} };
    },
  });
  const { messages, error } = await collect(query({ prompt: "/kit:greet Ada", options }));
  assert.equal(error, undefined, options.stderrText());
  const init = messages.find((message) => message.type === "system" && message.subtype === "init");
  assert.ok(init && init.type === "system" && init.subtype === "init");
  assert.deepEqual(
    init.plugins.map((plugin) => ({ name: plugin.name, path: plugin.path })),
    [{ name: "kit", path: root }],
  );
  assert.ok(init.slash_commands.includes("kit:greet"), JSON.stringify(init.slash_commands));
  const first = server.requests[0]?.body as { messages: unknown[] };
  assert.match(JSON.stringify(first.messages[0]), /Say KIT-GREETING to Ada\./);
  const result = resultOf(messages);
  assert.equal(result.type === "result" && result.subtype, "success");
  assert.match(
    JSON.stringify(result.type === "result" ? result.permission_denials : []),
    /kit guard: rm -rf is blocked/,
  );
  assert.deepEqual(asked, [], "the hook's deny is final: canUseTool is not asked");
});
