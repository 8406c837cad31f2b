import assert from "node:assert/strict";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { discoverSkills } from "../../src/skills/discover-skills.js";
import { SKILL_BODY_CAP_CHARS } from "../../src/skills/load-skill.js";
import type { Skill } from "../../src/skills/skill.js";
import { skillSlashPrompt } from "../../src/skills/skill-slash-prompt.js";
import { createSkillTool } from "../../src/skills/skill-tool.js";
import type { ToolContext } from "../../src/tools/tool.js";
import { plainLauncher } from "../support/no-sandbox.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

function context(cwd: string): ToolContext {
  return {
    cwd,
    homeDir: cwd,
    signal: new AbortController().signal,
    sessionId: "s",
    launcher: plainLauncher(),
    containment: "none",
    toolUseId: "t",
    shell: { cwd, env: {} },
    files: { get: () => undefined, set: () => {} },
  } as ToolContext;
}

async function setup(files: Record<string, string>) {
  const cwd = tempFolder("prompt");
  await writeTree(cwd, files);
  const { skills } = await discoverSkills({ cwd, homeDir: tempFolder("home") });
  return { cwd, skills, tool: createSkillTool({ skills }) };
}

test("loads the body with its base directory and arguments; read-only", async () => {
  const { cwd, tool } = await setup({
    ".agents/skills/release/SKILL.md": "---\ndescription: Cut a release\n---\n\nRun scripts/release.sh\n",
  });
  assert.equal(tool.name, "Skill");
  assert.equal(tool.isReadOnly({ skill: "release" }), true);
  const result = await tool.execute({ skill: "release", args: " v1.2 " }, context(cwd));
  assert.equal(result.isError, false);
  const baseDir = join(cwd, ".agents", "skills", "release");
  assert.equal(
    result.content,
    'Loaded skill "release" (39 characters); its instructions follow. Follow them for the current task.',
    "the tool result is a short confirmation",
  );
  assert.deepEqual(result.isError === false && result.context, [
    [
      '<skill name="release">',
      `Base directory for this skill: ${baseDir}\nRelative paths in the skill resolve against this directory.`,
      "\nRun scripts/release.sh\n\nARGUMENTS: v1.2\n</skill>",
    ].join("\n"),
  ]);
  assert.deepEqual(result.data, {
    name: "release",
    path: join(baseDir, "SKILL.md"),
    baseDir,
    source: "project",
    args: " v1.2 ",
    truncated: false,
  });
});

test("$ARGUMENTS in the body is replaced instead of appending the arguments", async () => {
  const { cwd, tool } = await setup({
    ".agents/skills/fix/SKILL.md": "---\ndescription: Fix an issue\n---\nFix issue $ARGUMENTS now.",
  });
  const result = await tool.execute({ skill: "/fix", args: "#42" }, context(cwd));
  const loaded = result.isError === false ? (result.context ?? []).join("\n") : "";
  assert.match(loaded, /Fix issue #42 now\./);
  assert.doesNotMatch(loaded, /ARGUMENTS:/);
});

test("bodies over 32 KB are cut with a note pointing at the file", async () => {
  const { cwd, tool } = await setup({
    ".agents/skills/big/SKILL.md": `---\ndescription: Big\n---\n${"y".repeat(SKILL_BODY_CAP_CHARS + 100)}`,
  });
  const result = await tool.execute({ skill: "big" }, context(cwd));
  assert.equal(result.isError, false);
  const loaded = result.isError === false ? (result.context ?? []).join("\n") : "";
  assert.match(loaded, /y\n\[… skill truncated at 32 KB; read the rest from .*big\/SKILL\.md\]/);
  assert.ok(!loaded.includes("y".repeat(SKILL_BODY_CAP_CHARS + 1)));
  assert.ok(result.content.length < 200, "the result itself stays short");
  assert.equal((result.data as { truncated: boolean }).truncated, true);
});

test("unknown skill: error code unknown_skill listing the available ones", async () => {
  const { cwd, tool } = await setup({
    ".agents/skills/a/SKILL.md": "---\ndescription: A\n---\n",
    ".agents/skills/b/SKILL.md": "---\ndescription: B\n---\n",
  });
  const result = await tool.execute({ skill: "c" }, context(cwd));
  assert.equal(result.isError, true);
  assert.equal(result.isError && result.code, "unknown_skill");
  assert.equal(result.content, 'Unknown skill "c". Available skills: a, b.');
  const empty = await createSkillTool({ skills: () => [] }).execute({ skill: "x" }, context(cwd));
  assert.equal(empty.content, 'Unknown skill "x". No skills are available.');
});

test("a skill file deleted or broken after discovery gives a coded error", async () => {
  const { cwd, skills, tool } = await setup({ ".agents/skills/gone/SKILL.md": "---\ndescription: G\n---\n" });
  await writeTree(cwd, { ".agents/skills/gone/SKILL.md": "---\nname: gone\n---\n" });
  const broken = await tool.execute({ skill: "gone" }, context(cwd));
  assert.equal(broken.isError && broken.code, "skill_invalid");
  await rm((skills[0] as Skill).path);
  const missing = await tool.execute({ skill: "gone" }, context(cwd));
  assert.equal(missing.isError && missing.code, "skill_unreadable");
});

test("the schema accepts skill and optional args and rejects a missing skill", () => {
  const tool = createSkillTool({ skills: [] });
  assert.equal(tool.schema.safeParse({ skill: "x" }).success, true);
  assert.equal(tool.schema.safeParse({ skill: "x", args: "y" }).success, true);
  assert.equal(tool.schema.safeParse({ args: "y" }).success, false);
});

test("skillSlashPrompt puts the skill itself in the prompt: the typed line, the body with its arguments, the base folder", async () => {
  const { skills } = await setup({
    ".agents/skills/fix/SKILL.md": "---\ndescription: Fix an issue\n---\nFix issue $ARGUMENTS with a test.\n",
    ".agents/skills/plain/SKILL.md": "---\ndescription: Plain\n---\nDo the plain thing.\n",
  });
  const fix = skills.find((skill) => skill.name === "fix") as Skill;
  const built = await skillSlashPrompt(fix, ' 42 "urgent" ');
  assert.ok(built.ok);
  assert.equal(
    built.text,
    `/fix 42 "urgent"\n\n<skill name="fix">\nBase directory for this skill: ${fix.baseDir}\nRelative paths in the skill resolve against this directory.\n\nFix issue 42 "urgent" with a test.\n</skill>`,
  );
  assert.doesNotMatch(built.text, /Skill tool/);
  const plain = await skillSlashPrompt(skills.find((skill) => skill.name === "plain") as Skill, "now");
  assert.ok(plain.ok && plain.text.includes("Do the plain thing.\n\nARGUMENTS: now"));
  await rm(fix.path);
  const gone = await skillSlashPrompt(fix, "x");
  assert.equal(gone.ok, false);
  assert.match(gone.ok ? "" : gone.message, /Cannot read skill "fix"/);
});
