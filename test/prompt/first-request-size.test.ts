// The first request (system prompt + every tool schema + a short prompt) must stay under 12,000
// characters. The built-in tool list is assembled in src/tools/builtin.ts; until that file exists
// this test is skipped (the bench prints the same figure).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createSystemPromptBuilder } from "../../src/prompt/system-prompt-builder.js";
import { discoverSkills } from "../../src/skills/discover-skills.js";
import { createSkillTool } from "../../src/skills/skill-tool.js";
import { type Tool, toolJsonSchema } from "../../src/tools/tool.js";
import { makeTempDir } from "./write-tree.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const builtinPath = join(repoRoot, "src", "tools", "builtin.ts");

test("first request with all built-in tools stays under 12,000 characters", {
  skip: existsSync(builtinPath) ? false : "src/tools/builtin.ts does not exist yet",
}, async () => {
  const module = (await import(pathToFileURL(builtinPath).href)) as {
    createBuiltinTools: (options: Record<string, never>) => Tool[];
  };
  const { skills } = await discoverSkills({ cwd: repoRoot, homeDir: await makeTempDir("reagent-home-") });
  const tools = [...module.createBuiltinTools({}), createSkillTool({ skills })];
  const schemas = tools.map((tool) =>
    JSON.stringify({ name: tool.name, description: tool.description, input_schema: toolJsonSchema(tool) }),
  );
  const cwd = await makeTempDir();
  await mkdir(join(cwd, ".git"));
  const built = await createSystemPromptBuilder({
    cwd,
    homeDir: await makeTempDir("reagent-home-"),
    platform: "linux",
    shell: "/bin/bash",
    now: () => new Date(),
    skills,
  }).build();
  const prompt = "Fix the failing test in src/util/ids.ts and run the tests.";
  const toolChars = schemas.reduce((sum, schema) => sum + schema.length, 0);
  const total = built.text.length + toolChars + prompt.length;
  console.log(
    `[size] system prompt ${built.text.length} + ${tools.length} tool schemas ${toolChars} + prompt ${prompt.length} = ${total}`,
  );
  assert.ok(total < 12_000, `first request is ${total} characters`);
});
