// The Skill tool's result is a short confirmation; the skill itself is placed in the conversation
// next to it, in the same turn.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createTestSession } from "../support/session-harness.js";
import { createWorkspace } from "../support/workspace.js";

const space = createWorkspace({
  ".agents/skills/deploy/SKILL.md": "---\ndescription: Deploy.\n---\nRun ./scripts/deploy.sh $ARGUMENTS\n",
});
after(() => space.cleanup());

test("a loaded skill reaches the next request as context beside a short tool result", async () => {
  const { session, model } = await createTestSession({
    cwd: space.dir,
    script: [
      { tool_calls: [{ id: "s1", name: "Skill", input: { skill: "deploy", args: "staging" } }] },
      { text: "ok" },
    ],
  });
  await session.submit("deploy to staging");
  const message = model.requests[1]?.messages.at(-1);
  assert.ok(message, "a second request");
  const [result, skill] = message.content as Array<{ type: string; content?: string; text?: string }>;
  assert.ok(result && skill);
  assert.equal(result.type, "tool_result");
  assert.match(result.content ?? "", /^Loaded skill "deploy"/);
  assert.doesNotMatch(result.content ?? "", /deploy\.sh/);
  assert.equal(skill.type, "text");
  assert.match(skill.text ?? "", /<skill name="deploy">[\s\S]*Run \.\/scripts\/deploy\.sh staging/);
});
