// The one union of inbound control requests: every subtype reagent answers parses with its fields;
// anything else is refused with a message naming the subtype or the field.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTROL_SUBTYPES, parseControlRequest } from "../../src/control/control-request.js";

test("each answered subtype parses, keeping the fields reagent reads", () => {
  const initialize = parseControlRequest({
    subtype: "initialize",
    sdkMcpServers: ["calc"],
    systemPrompt: ["a", "b"],
    appendSystemPrompt: "more",
    jsonSchema: { type: "object" },
    agents: { reviewer: { description: "d", prompt: "p" } },
    hooks: null,
  });
  assert.equal(initialize.kind, "ok");
  assert.deepEqual(
    initialize.kind === "ok" &&
      initialize.request.subtype === "initialize" &&
      initialize.request.sdkMcpServers,
    ["calc"],
  );
  for (const raw of [
    { subtype: "interrupt" },
    { subtype: "set_permission_mode", mode: "plan" },
    { subtype: "set_model", model: "opus" },
    { subtype: "set_model" },
    { subtype: "mcp_message", server_name: "calc", message: { jsonrpc: "2.0", method: "notify" } },
    { subtype: "mcp_status" },
    { subtype: "get_context_usage" },
    { subtype: "rewind_files", user_message_id: "u1", dry_run: true },
  ])
    assert.equal(parseControlRequest(raw).kind, "ok", raw.subtype);
  assert.deepEqual([...CONTROL_SUBTYPES].sort(), [
    "get_context_usage",
    "initialize",
    "interrupt",
    "mcp_message",
    "mcp_status",
    "rewind_files",
    "set_model",
    "set_permission_mode",
  ]);
});

test("rewind_files needs the user message id", () => {
  const refused = parseControlRequest({ subtype: "rewind_files" });
  assert.equal(refused.kind, "refused");
  assert.match(refused.kind === "refused" ? refused.message : "", /rewind_files: .*user_message_id/);
});

test("an unknown subtype is refused by name, listing what reagent answers", () => {
  const parsed = parseControlRequest({ subtype: "rename_session", title: "x" });
  assert.equal(parsed.kind, "refused");
  assert.match(
    parsed.kind === "refused" ? parsed.message : "",
    /^Unsupported control request subtype: rename_session \(reagent answers .*initialize/,
  );
});

test("a known subtype with a bad field is refused naming the field and the value", () => {
  const mode = parseControlRequest({ subtype: "set_permission_mode", mode: "yolo" });
  assert.equal(mode.kind, "refused");
  assert.match(
    mode.kind === "refused" ? mode.message : "",
    /set_permission_mode: .*mode.*unknown permission mode "yolo"; use one of default, acceptEdits/,
  );
  const message = parseControlRequest({ subtype: "mcp_message", server_name: "calc" });
  assert.match(message.kind === "refused" ? message.message : "", /mcp_message: .*message/);
  const servers = parseControlRequest({ subtype: "initialize", sdkMcpServers: "calc" });
  assert.match(servers.kind === "refused" ? servers.message : "", /initialize: .*sdkMcpServers/);
});
