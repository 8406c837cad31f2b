// Parsing `@path` mentions in a prompt (the reading itself is covered through the REPL).
import assert from "node:assert/strict";
import { test } from "node:test";
import { findFileMentions } from "../../src/session/file-mentions.js";

test("mentions at the start or after a space; quoted paths; line ranges; each once", () => {
  const mentions = findFileMentions(
    '@src/a.ts and @"my dir/b c.md" plus @src/a.ts again, mail bob@example.com, lines @lib/x.ts#L10-20 and @y.ts#L5',
  );
  assert.deepEqual(mentions, [
    { text: "src/a.ts", path: "src/a.ts" },
    { text: "my dir/b c.md", path: "my dir/b c.md" },
    { text: "lib/x.ts#L10-20", path: "lib/x.ts", lines: { start: 10, end: 20 } },
    { text: "y.ts#L5", path: "y.ts", lines: { start: 5 } },
  ]);
});

test("MCP resource mentions (@server:scheme:…) are left to MCP", () => {
  assert.deepEqual(findFileMentions("read @docs:file:///guide.md and @notes.md"), [
    { text: "notes.md", path: "notes.md" },
  ]);
});
