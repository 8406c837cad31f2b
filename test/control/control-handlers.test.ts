// The protocol side of control requests: each request gets exactly one control_response with its id —
// the target's payload on success, the reason on a refusal or a failure — and a refused request never
// reaches the target.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createControlChannel } from "../../src/control/channel.js";
import { type ControlTarget, createControlHandlers } from "../../src/control/control-handlers.js";

function setUp() {
  const lines: Array<{ type: string; response: Record<string, unknown> }> = [];
  const channel = createControlChannel((text) => lines.push(JSON.parse(text)));
  const acted: string[] = [];
  const target: ControlTarget = {
    initialize: async (request) => {
      acted.push(`initialize ${request.sdkMcpServers?.join(",") ?? ""}`);
      return { commands: [] };
    },
    interrupt: () => {
      acted.push("interrupt");
      return { stillQueued: ["u2"] };
    },
    setPermissionMode: (mode) => acted.push(`mode ${mode}`),
    setModel: async (model) => {
      acted.push(`model ${model ?? "(start)"}`);
      if (model === "missing") throw new Error("no model is named missing");
    },
    mcpMessage: (server) => acted.push(`mcp ${server}`),
    mcpStatus: () => ({ mcpServers: [] }),
    contextUsage: () => ({ totalTokens: 10 }),
    rewindFiles: async (id, dryRun) => {
      acted.push(`rewind ${id} ${dryRun}`);
      return { canRewind: true };
    },
  };
  return { lines, acted, handlers: createControlHandlers(target, channel) };
}

test("success: the target acts and the response carries its payload and the request id", async () => {
  const { lines, acted, handlers } = setUp();
  await handlers.handle("r1", { subtype: "initialize", sdkMcpServers: ["calc"] });
  await handlers.handle("r2", { subtype: "interrupt" });
  await handlers.handle("r3", { subtype: "set_model", model: "default" });
  await handlers.handle("r4", { subtype: "set_permission_mode", mode: "acceptEdits" });
  assert.deepEqual(acted, ["initialize calc", "interrupt", "model (start)", "mode acceptEdits"]);
  assert.deepEqual(
    lines.map((line) => [line.type, line.response.subtype, line.response.request_id]),
    [
      ["control_response", "success", "r1"],
      ["control_response", "success", "r2"],
      ["control_response", "success", "r3"],
      ["control_response", "success", "r4"],
    ],
  );
  assert.deepEqual(lines[1]?.response.response, { still_queued: ["u2"] });
});

test("a refused request never reaches the target; a failing target answers with its error", async () => {
  const { lines, acted, handlers } = setUp();
  await handlers.handle("r1", { subtype: "apply_flag_settings", settings: {} });
  await handlers.handle("r2", { subtype: "set_permission_mode", mode: "root" });
  await handlers.handle("r3", { subtype: "set_model", model: "missing" });
  assert.deepEqual(acted, ["model missing"]);
  assert.deepEqual(
    lines.map((line) => line.response.subtype),
    ["error", "error", "error"],
  );
  assert.match(String(lines[0]?.response.error), /Unsupported control request subtype: apply_flag_settings/);
  assert.match(String(lines[1]?.response.error), /unknown permission mode "root"/);
  assert.equal(lines[2]?.response.error, "no model is named missing");
});
