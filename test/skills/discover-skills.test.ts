import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { discoverSkills } from "../../src/skills/discover-skills.js";
import { formatSkillsList } from "../../src/skills/format-skills-list.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

const skill = (description: string, extra = "") => `---\n${extra}description: ${description}\n---\n# Body\n`;

test("discovers project and user skills; project wins and the shadowed one is named", async () => {
  const cwd = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(cwd, {
    ".agents/skills/deploy/SKILL.md": skill("Project deploy"),
    ".agents/skills/notes.txt": "not a folder",
    ".agents/skills/empty/README.md": "no SKILL.md here",
    ".claude/skills/review/SKILL.md": skill("Claude review", "name: review\n"),
    ".claude/skills/deploy-copy/SKILL.md": skill("Claude deploy", "name: deploy\n"),
  });
  await writeTree(home, {
    ".agents/skills/deploy/SKILL.md": skill("User deploy"),
    ".agents/skills/personal/SKILL.md": skill("Personal helper"),
    ".claude/skills/legacy/SKILL.md": skill("Legacy"),
  });
  const { skills, warnings } = await discoverSkills({ cwd, homeDir: home });
  assert.deepEqual(
    skills.map((entry) => [entry.name, entry.description, entry.source]),
    // Named after their folders, as in Claude Code: deploy-copy's `name: deploy` is said, not used.
    [
      ["deploy", "Project deploy", "project"],
      ["deploy-copy", "Claude deploy", "project"],
      ["review", "Claude review", "project"],
      ["personal", "Personal helper", "user"],
      ["legacy", "Legacy", "user"],
    ],
  );
  assert.equal(skills[0]?.baseDir, join(cwd, ".agents", "skills", "deploy"));
  assert.equal(skills[0]?.path, join(cwd, ".agents", "skills", "deploy", "SKILL.md"));
  assert.equal(warnings.length, 2, warnings.join("\n"));
  assert.ok(
    warnings.some((warning) =>
      warning.includes(
        `${join(cwd, ".claude", "skills", "deploy-copy", "SKILL.md")}:2: "name: deploy" is not used`,
      ),
    ),
    warnings.join("\n"),
  );
  assert.ok(
    warnings.some(
      (warning) =>
        warning.includes(join(home, ".agents", "skills", "deploy", "SKILL.md")) &&
        warning.includes("shadowed by"),
    ),
    warnings.join("\n"),
  );
});

test("broken frontmatter and a missing description are reported with file:line and skipped; a name other than the folder is said, not used", async () => {
  const cwd = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(cwd, {
    ".agents/skills/a-broken/SKILL.md": "---\nname: a-broken\ndescription: [unclosed\nversion: 1\n---\nbody",
    ".agents/skills/b-nodesc/SKILL.md": "---\nname: b-nodesc\n---\n# Release notes\n\nWrites the notes.\n",
    ".agents/skills/c-nofront/SKILL.md": "# just markdown",
    ".agents/skills/d-badname/SKILL.md": "---\ndescription: ok\nname: has spaces\n---\n",
    ".agents/skills/e-good/SKILL.md": skill("Fine", "argument-hint: <file>\n"),
    ".agents/skills/f-empty/SKILL.md": "---\nname: f-empty\n---\n",
  });
  const { skills, warnings } = await discoverSkills({ cwd, homeDir: home });
  // As in Claude Code: the description defaults to the body's first paragraph, the name to the folder.
  assert.deepEqual(
    skills.map((entry) => [entry.name, entry.description]),
    [
      ["a-broken", "[unclosed"],
      ["b-nodesc", "Release notes"],
      ["c-nofront", "just markdown"],
      ["d-badname", "ok"],
      ["e-good", "Fine"],
    ],
  );
  assert.deepEqual(skills[4]?.frontmatter, { "argument-hint": "<file>", description: "Fine" });
  const base = join(cwd, ".agents", "skills");
  assert.equal(warnings.length, 3, warnings.join("\n"));
  assert.ok(
    warnings[0]?.startsWith(
      `Skill a-broken: ${join(base, "a-broken", "SKILL.md")}:3: YAML cannot read \`description:\``,
    ),
    warnings[0],
  );
  assert.ok(warnings[1]?.includes('d-badname/SKILL.md:3: "name: has spaces" is not used'), warnings[1]);
  assert.ok(
    warnings[2]?.startsWith(`Skill skipped: ${join(base, "f-empty", "SKILL.md")}:1: missing \`description\``),
  );
});

test("no skill folders at all: nothing found, no warnings; the list says how to add one", async () => {
  const result = await discoverSkills({
    cwd: tempFolder("prompt"),
    homeDir: tempFolder("home"),
  });
  assert.deepEqual(result, { skills: [], warnings: [] });
  assert.match(formatSkillsList([]), /No skills found\. Add one as \.agents\/skills\/<name>\/SKILL\.md/);
});

test("formatSkillsList prints name, description and source, then warnings", () => {
  const text = formatSkillsList(
    [
      {
        name: "a",
        description: "First\nskill",
        path: "/p/a/SKILL.md",
        baseDir: "/p/a",
        source: "project",
        frontmatter: {},
      },
      {
        name: "longer",
        description: "Second",
        path: "/u/l/SKILL.md",
        baseDir: "/u/l",
        source: "user",
        frontmatter: {},
      },
    ],
    ["something shadowed"],
  );
  assert.equal(
    text,
    [
      "a       First skill",
      "        (project: /p/a/SKILL.md)",
      "longer  Second",
      "        (user: /u/l/SKILL.md)",
      "",
      "Warnings:",
      "- something shadowed",
    ].join("\n"),
  );
});
