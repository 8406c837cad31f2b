// The first request (system prompt + every built-in tool schema + the Skill tool + a short prompt) must
// stay under 12,000 characters. Nothing here can turn into a skip: the tool list is imported statically
// and the test checks it measured the tools and the prompt it claims to (an empty list would pass).
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { createSystemPromptBuilder } from "../../src/prompt/system-prompt-builder.js";
import { discoverSkills } from "../../src/skills/discover-skills.js";
import { createSkillTool } from "../../src/skills/skill-tool.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { toolJsonSchema } from "../../src/tools/tool.js";
import { tempFolder } from "../support/temp-folder.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

test("first request with all built-in tools stays under 12,000 characters", async () => {
  const { skills } = await discoverSkills({ cwd: repoRoot, homeDir: tempFolder("home") });
  const tools = [...createBuiltinTools({}), createSkillTool({ skills })];
  assert.deepEqual(
    tools.map((tool) => tool.name),
    ["Read", "Write", "Edit", "Glob", "Grep", "Bash", "Skill"],
    "the tools the first request offers",
  );
  const schemas = tools.map((tool) =>
    JSON.stringify({ name: tool.name, description: tool.description, input_schema: toolJsonSchema(tool) }),
  );
  const cwd = tempFolder("prompt");
  await mkdir(join(cwd, ".git"));
  const built = await createSystemPromptBuilder({
    cwd,
    homeDir: tempFolder("home"),
    platform: "linux",
    shell: "/bin/bash",
    now: () => new Date(),
    skills,
  }).build();
  const prompt = "Fix the failing test in src/util/ids.ts and run the tests.";
  for (const schema of schemas) assert.ok(schema.length > 200, `a whole schema, not a stub: ${schema}`);
  assert.match(built.text, /You are reagent/, "the system prompt was built");
  const toolChars = schemas.reduce((sum, schema) => sum + schema.length, 0);
  const total = built.text.length + toolChars + prompt.length;
  console.log(
    `[size] system prompt ${built.text.length} + ${tools.length} tool schemas ${toolChars} + prompt ${prompt.length} = ${total}`,
  );
  assert.ok(total < 12_000, `first request is ${total} characters`);
});
