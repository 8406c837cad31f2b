// Read deny rules also hold for searches: Grep and Glob never show a file that reading is denied.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { ToolResultBlock } from "../../src/model/types.js";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({
  ".env": "API_KEY=sk-123\n",
  "secrets/key": "token=abc\n",
  "src/app.ts": "const API_KEY = process.env.API_KEY; // token\n",
});
after(() => space.cleanup());

test("Grep and Glob drop files hidden by Read deny rules, with no count and no names", async () => {
  const { session, model } = await createTestSession({
    cwd: space.dir,
    mode: "default",
    rules: {
      deny: ["Read(.env)", "Read(secrets/**)"],
    },
    script: [
      {
        tool_calls: [
          { id: "g1", name: "Grep", input: { pattern: "API_KEY|token", output_mode: "content" } },
          { id: "g2", name: "Grep", input: { pattern: "API_KEY", glob: ".env" } },
          { id: "f1", name: "Glob", input: { pattern: "**/*" } },
        ],
      },
      { text: "done" },
    ],
  });
  await session.submit("find secrets");
  const results = (model.requests[1]?.messages.at(-1)?.content ?? []) as ToolResultBlock[];
  const [content, onlyEnv, listing] = results.map((result) => result.content);
  assert.ok(content !== undefined && onlyEnv !== undefined && listing !== undefined, "three results");
  assert.match(content, /src\/app\.ts/);
  assert.doesNotMatch(content, /sk-123|token=abc|^\.env|secrets\//m);
  assert.doesNotMatch(content, /hidden/);
  assert.match(onlyEnv, /No matches/);
  assert.doesNotMatch(onlyEnv, /hidden/);
  assert.match(listing, /src\/app\.ts/);
  assert.doesNotMatch(listing, /secrets\/key|\.env\b/);
});
