// Unit tests of the ACP mapping's pure parts: tool kinds, titles, locations and diffs, prompt blocks,
// and stop reasons.
import assert from "node:assert/strict";
import { test } from "node:test";
import { promptFromBlocks } from "../../../src/modes/acp/prompt-blocks.js";
import { turnOutcome } from "../../../src/modes/acp/stop-reason.js";
import {
  absoluteInput,
  madeDiff,
  toolKind,
  toolLocations,
  toolTitle,
} from "../../../src/modes/acp/tool-call-view.js";
import type { HeadlessTurn } from "../../../src/ui/headless/terminal-reason.js";

test("kinds, titles and locations", () => {
  assert.equal(toolKind("Grep"), "search");
  assert.equal(toolKind("mcp__x__y"), "other");
  assert.equal(toolTitle("Bash", { command: "npm test" }, ""), "Run `npm test`");
  assert.equal(toolTitle("Bash", { command: "x", description: "Run the tests" }, ""), "Run the tests");
  assert.deepEqual(toolLocations("Read", { file_path: "/p/a.ts", offset: 40 }), [
    { path: "/p/a.ts", line: 40 },
  ]);
  assert.deepEqual(absoluteInput({ file_path: "src/a.ts", content: "x" }, "/p"), {
    file_path: "/p/src/a.ts",
    content: "x",
  });
});

test("an Edit's structured patch becomes one diff per hunk; a created file has no old text", () => {
  const data = {
    filePath: "/p/a.ts",
    structuredPatch: [{ oldStart: 3, newStart: 3, lines: [" keep", "-old", "+new"] }],
  };
  assert.deepEqual(madeDiff("Edit", {}, data), [
    { type: "diff", path: "/p/a.ts", oldText: "keep\nold", newText: "keep\nnew" },
  ]);
  const created = { filePath: "/p/b.ts", structuredPatch: [{ oldStart: 0, newStart: 1, lines: ["+a"] }] };
  assert.deepEqual(madeDiff("Write", {}, created), [
    { type: "diff", path: "/p/b.ts", oldText: null, newText: "a" },
  ]);
  assert.equal(madeDiff("Bash", {}, data), undefined);
});

test("prompt blocks: text, file links as mentions, embedded text, images; audio is refused", () => {
  const turn = promptFromBlocks([
    { type: "text", text: "look at" },
    { type: "resource_link", uri: "file:///p/my%20file.ts", name: "my file.ts" },
    { type: "resource", resource: { uri: "file:///p/sel.ts", text: "const a = 1;" } },
    { type: "image", data: "AAAA", mimeType: "image/png" },
  ]);
  assert.equal(turn.text, 'look at @"/p/my file.ts"');
  assert.match(String(turn.extra?.[0]), /<context uri="file:\/\/\/p\/sel.ts">\nconst a = 1;/);
  assert.equal((turn.extra?.[1] as { type?: string } | undefined)?.type, "image");
  assert.throws(
    () => promptFromBlocks([{ type: "audio", data: "", mimeType: "audio/wav" }]),
    /audio is not supported/,
  );
});

test("stop reasons from the turn's terminal and the model's stop reason", () => {
  const base = { result: "", isError: false, numTurns: 1 } as unknown as HeadlessTurn;
  const of = (turn: Partial<HeadlessTurn>, cancelled = false) =>
    turnOutcome({ ...base, ...turn } as HeadlessTurn, cancelled);
  assert.deepEqual(of({ terminal: { reason: "completed", text: "" }, stopReason: "refusal" }), {
    kind: "stop",
    stopReason: "refusal",
  });
  assert.equal(
    (of({ terminal: { reason: "completed", text: "", truncated: true } }) as { stopReason: string })
      .stopReason,
    "max_tokens",
  );
  assert.equal(
    (of({ terminal: { reason: "max_turns", turns: 3, text: "" } }) as { stopReason: string }).stopReason,
    "max_turn_requests",
  );
  assert.equal(
    (of({ terminal: { reason: "completed", text: "" } }, true) as { stopReason: string }).stopReason,
    "cancelled",
  );
  assert.equal(
    of({ terminal: { reason: "error", text: "", error: { kind: "auth", message: "bad key" } } as never })
      .kind,
    "error",
  );
});
