// The control channel: one JSON line per message, requests answered by id, and every way a request can
// end without an answer (an error answer, a cancellation, a timeout, the caller's input closing).
import assert from "node:assert/strict";
import { test } from "node:test";
import { createControlChannel } from "../../src/control/channel.js";

function recorded() {
  const lines: Array<Record<string, unknown>> = [];
  const channel = createControlChannel((text) => {
    assert.ok(text.endsWith("\n"), "one line per message");
    lines.push(JSON.parse(text));
  });
  return { channel, lines };
}

const idOf = (line: Record<string, unknown> | undefined) => String(line?.request_id);

test("a request goes out as one control_request line and resolves with the success payload", async () => {
  const { channel, lines } = recorded();
  const answer = channel.request("can_use_tool", { tool_name: "Bash" });
  assert.equal(lines[0]?.type, "control_request");
  assert.deepEqual((lines[0]?.request as Record<string, unknown> | undefined)?.subtype, "can_use_tool");
  assert.equal(channel.answer({ subtype: "success", request_id: idOf(lines[0]), response: { ok: 1 } }), true);
  assert.deepEqual(await answer, { ok: 1 });
  assert.equal(channel.answer({ subtype: "success", request_id: idOf(lines[0]) }), false, "answered once");
});

test("an error answer rejects with the caller's message; an unknown id is not taken", async () => {
  const { channel, lines } = recorded();
  const answer = channel.request("hook_callback", {});
  assert.equal(channel.answer({ subtype: "success", request_id: "someone-else" }), false);
  channel.answer({ subtype: "error", request_id: idOf(lines[0]), error: "callback threw" });
  await assert.rejects(answer, /callback threw/);
});

test("an abort cancels the request and tells the caller; a timeout does the same", async () => {
  const { channel, lines } = recorded();
  const controller = new AbortController();
  const aborted = channel.request("can_use_tool", {}, { signal: controller.signal });
  controller.abort();
  await assert.rejects(aborted, /can_use_tool was cancelled/);
  assert.deepEqual(lines[1], { type: "control_cancel_request", request_id: idOf(lines[0]) });
  const slow = channel.request("hook_callback", {}, { timeoutMs: 20 });
  await assert.rejects(slow, /got no answer within/);
  assert.equal(lines.at(-1)?.type, "control_cancel_request");
});

test("closing fails what is pending and everything asked later, without cancel lines", async () => {
  const { channel, lines } = recorded();
  const pending = channel.request("can_use_tool", {});
  channel.close("stdin ended");
  await assert.rejects(pending, /closed its input \(stdin ended\)/);
  await assert.rejects(channel.request("can_use_tool", {}), /cannot answer/);
  assert.equal(channel.open, false);
  assert.equal(lines.filter((line) => line.type === "control_cancel_request").length, 0);
});
