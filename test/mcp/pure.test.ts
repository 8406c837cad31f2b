import assert from "node:assert/strict";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { mapPromptArguments, splitShellWords } from "../../src/mcp/prompt-args.js";
import { renderToolResult } from "../../src/mcp/render-result.js";
import { ServerLog } from "../../src/mcp/server-log.js";
import { mcpToolName } from "../../src/mcp/tool-names.js";
import { tempFolder } from "../support/temp-folder.js";

test("tool names: unsafe characters replaced, long names kept unique within 64 chars", () => {
  assert.equal(mcpToolName("git hub", "list.issues/v2"), "mcp__git_hub__list_issues_v2");
  const long = mcpToolName("server", "x".repeat(80));
  const other = mcpToolName("server", `${"x".repeat(79)}y`);
  assert.equal(long.length, 64);
  assert.notEqual(long, other);
  assert.match(long, /^[A-Za-z0-9_-]+$/);
});

test("shell-like splitting: quotes, escapes, empty quoted words, unclosed quotes", () => {
  assert.deepEqual(splitShellWords(`a "b c" 'd "e"' f\\ g "" h"i j"k`), {
    ok: true,
    words: ["a", "b c", 'd "e"', "f g", "", "hi jk"],
  });
  assert.deepEqual(splitShellWords('"say \\"hi\\""'), { ok: true, words: ['say "hi"'] });
  assert.deepEqual(splitShellWords("   "), { ok: true, words: [] });
  assert.equal(splitShellWords('"open').ok, false);
});

test("prompt arguments: positional in declared order, key=value by name", () => {
  const declared = [
    { name: "file", required: true },
    { name: "focus", required: false },
    { name: "tone", required: false },
  ];
  assert.deepEqual(mapPromptArguments('tone=dry "a b.ts"', declared), {
    ok: true,
    values: { tone: "dry", file: "a b.ts" },
  });
  assert.deepEqual(mapPromptArguments("x.ts speed dry extra", declared), {
    ok: false,
    message: "too many arguments (4 unnamed, prompt takes: file [focus] [tone])",
  });
  assert.deepEqual(mapPromptArguments("x.ts 'url=http://x?a=b'", declared), {
    ok: true,
    values: { file: "x.ts", focus: "url=http://x?a=b" },
  });
});

test("tool result rendering: text, media notes, embedded resources, structured content, empty", () => {
  const result = renderToolResult({
    content: [
      { type: "text", text: "first" },
      { type: "image", mimeType: "image/jpeg", data: "A".repeat(16384) },
      { type: "audio", mimeType: "audio/wav", data: "AAAA" },
      { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
      { type: "resource", resource: { uri: "file:///b.txt", text: "inline b" } },
      { type: "resource", resource: { uri: "file:///c.bin", mimeType: "application/zip", blob: "AAAA" } },
      { type: "hologram" },
    ],
    structuredContent: { n: 1 },
  });
  assert.equal(
    result,
    [
      "first",
      "[image: image/jpeg, 12 KB]",
      "[audio: audio/wav, 3 B]",
      "[resource link: a.txt <file:///a.txt>]",
      "[resource: file:///b.txt]\ninline b",
      "[resource: file:///c.bin]\n[binary resource: file:///c.bin, application/zip, 3 B]",
      "[unsupported content: hologram]",
      '{\n  "n": 1\n}',
    ].join("\n"),
  );
  // structuredContent duplicated by a text block is not repeated.
  assert.equal(
    renderToolResult({ content: [{ type: "text", text: '{"n": 1}' }], structuredContent: { n: 1 } }),
    '{"n": 1}',
  );
  assert.equal(renderToolResult({ content: [] }), "(no output)");
  assert.equal(renderToolResult({ content: "oops" }), "[malformed content: not a list]");
});

test("server log hint: exit code or signal, last non-empty stderr line capped, log path", async () => {
  const dir = tempFolder("mcp-log");
  const log = new ServerLog("a/b", join(dir, "logs"));
  assert.equal(log.hint(), "");
  const stderr = new PassThrough();
  log.follow(stderr, "test server");
  const path = join(dir, "logs", "mcp-a_b.log");
  // Only exited or talkative processes are worth pointing at the log.
  assert.equal(log.hint({ code: 1, signal: null }), ` (exit code 1; log: ${path})`);
  stderr.write(`first\n${"x".repeat(300)}\n  \n\n`);
  await new Promise(setImmediate);
  assert.equal(log.hint(), ` (stderr: ${"x".repeat(200)}…; log: ${path})`);
  stderr.write("last words\r\n");
  await new Promise(setImmediate);
  assert.equal(
    log.hint({ code: null, signal: "SIGKILL" }),
    ` (killed by SIGKILL; stderr: last words; log: ${path})`,
  );
  log.close();
  const without = new ServerLog("quiet", undefined);
  without.follow(null, "no stderr");
  assert.equal(without.hint({ code: 0, signal: null }), " (exit code 0)");
});
