// The Skill tool is offered when the session found skills, and not otherwise: skills are found once at
// start, so without any the tool could only fail while its schema cost tokens on every request.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { cleanEnv, runCli } from "../support/cli.js";
import { startFakeModelServer } from "../support/fake-model-server.js";
import { createWorkspace } from "../support/workspace.js";

async function offeredTools(files: Record<string, string>): Promise<string[]> {
  const space = createWorkspace(files);
  after(() => space.cleanup());
  const server = await startFakeModelServer([{ text: "ok" }]);
  try {
    const run = await runCli(["-p", "hi"], {
      cwd: space.dir,
      env: cleanEnv({ ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicBaseURL }),
    });
    assert.equal(run.code, 0, run.stderr);
    const body = server.requests[0]!.body as { tools: Array<{ name: string }> };
    return body.tools.map((tool) => tool.name);
  } finally {
    await server.close();
  }
}

test("no skills: no Skill tool; a project skill: the Skill tool is offered", async () => {
  const without = await offeredTools({});
  assert.ok(without.includes("Read") && without.includes("Bash"), without.join(","));
  assert.ok(!without.includes("Skill"), without.join(","));
  const withSkill = await offeredTools({
    ".claude/skills/release-notes/SKILL.md":
      "---\nname: release-notes\ndescription: Write release notes\n---\nSteps.\n",
  });
  assert.ok(withSkill.includes("Skill"), withSkill.join(","));
});
