import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { createFileCache } from "../../src/prompt/file-cache.js";
import {
  instructionFileCandidates,
  loadInstructionDocuments,
  MAX_IMPORT_DEPTH,
} from "../../src/prompt/instruction-files.js";
import { formatInstructionsSection } from "../../src/prompt/instructions-section.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

async function load(root: string, cwd: string, home: string, gitRoot: string | undefined = root) {
  const candidates = instructionFileCandidates({ cwd, homeDir: home, gitRoot });
  return loadInstructionDocuments({ candidates, cwd, homeDir: home, cache: createFileCache() });
}

test("order: user file first, then git root down to cwd, AGENTS.md before CLAUDE.md", async () => {
  const root = tempFolder("prompt");
  const home = tempFolder("home");
  await mkdir(join(root, ".git"));
  await writeTree(home, { ".agents/AGENTS.md": "user agents", ".claude/CLAUDE.md": "user claude" });
  await writeTree(root, {
    "CLAUDE.md": "root claude",
    "AGENTS.md": "root agents",
    "pkg/CLAUDE.md": "pkg claude",
    "pkg/app/AGENTS.md": "app agents",
    "pkg/app/deeper/AGENTS.md": "below cwd, not loaded",
    "other/AGENTS.md": "sibling, not loaded",
  });
  const { documents, warnings } = await load(root, join(root, "pkg", "app"), home);
  assert.deepEqual(
    documents.map((document) => document.text),
    ["user agents", "user claude", "root agents", "root claude", "pkg claude", "app agents"],
  );
  assert.deepEqual(warnings, []);
});

test("outside git the walk starts at the filesystem root and still ends at cwd", async () => {
  const root = tempFolder("prompt");
  const home = tempFolder("home");
  await writeTree(root, { "AGENTS.md": "top", "a/b/AGENTS.md": "nearest" });
  const candidates = instructionFileCandidates({
    cwd: join(root, "a", "b"),
    homeDir: home,
    gitRoot: undefined,
  });
  assert.equal(candidates[2], join("/", "AGENTS.md"));
  const { documents } = await load(root, join(root, "a", "b"), home, undefined);
  const ours = documents
    .filter((document) => document.path.startsWith(root))
    .map((document) => document.text);
  assert.deepEqual(ours, ["top", "nearest"]);
});

test("imports are expanded after their importer, relative to it, with ~ from homeDir", async () => {
  const root = tempFolder("prompt");
  const home = tempFolder("home");
  await mkdir(join(root, ".git"));
  await writeTree(home, { "notes/personal.md": "personal notes" });
  await writeTree(root, {
    "AGENTS.md": "See @docs/style.md and @~/notes/personal.md.\nMail a@b.com, use `@scope/pkg`.",
    "docs/style.md": "style, see @./naming.md",
    "docs/naming.md": "naming rules",
    "CLAUDE.md": "@AGENTS.md",
  });
  const { documents, warnings } = await load(root, root, home);
  assert.deepEqual(
    documents.map((document) => [document.text.slice(0, 14), document.importedBy]),
    [
      ["See @docs/styl", undefined],
      ["style, see @./", join(root, "AGENTS.md")],
      ["naming rules", join(root, "docs", "style.md")],
      ["personal notes", join(root, "AGENTS.md")],
      ["@AGENTS.md", undefined],
    ],
  );
  assert.deepEqual(warnings, []);
});

test("an import cycle is reported once and every file is included once", async () => {
  const root = tempFolder("prompt");
  await mkdir(join(root, ".git"));
  await writeTree(root, {
    "AGENTS.md": "@a.md\n@b.md",
    "a.md": "A imports @b.md",
    "b.md": "B imports @a.md",
    "CLAUDE.md": "@a.md @AGENTS.md",
  });
  const { documents, warnings } = await load(root, root, tempFolder("home"));
  assert.deepEqual(
    documents.map((document) => document.path),
    ["AGENTS.md", "a.md", "b.md", "CLAUDE.md"].map((name) => join(root, name)),
  );
  const cycles = warnings.filter((warning) => warning.startsWith("Import cycle"));
  assert.equal(cycles.length, 1, warnings.join("\n"));
  assert.match(cycles[0] ?? "", /a\.md → b\.md → a\.md/);
});

test(`imports deeper than ${MAX_IMPORT_DEPTH} levels are not loaded and are reported`, async () => {
  const root = tempFolder("prompt");
  await mkdir(join(root, ".git"));
  const files: Record<string, string> = { "AGENTS.md": "level 0 @l1.md" };
  for (let level = 1; level <= 7; level++) files[`l${level}.md`] = `level ${level} @l${level + 1}.md`;
  await writeTree(root, files);
  const { documents, warnings } = await load(root, root, tempFolder("home"));
  assert.equal(documents.length, 1 + MAX_IMPORT_DEPTH);
  assert.equal(documents.at(-1)?.text, `level ${MAX_IMPORT_DEPTH} @l${MAX_IMPORT_DEPTH + 1}.md`);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0] ?? "", /Import depth limit \(5\) reached: @l6\.md at l5\.md:1/);
});

test("missing files are skipped silently; unreadable files and missing explicit imports are reported", async () => {
  const root = tempFolder("prompt");
  await mkdir(join(root, ".git"));
  await mkdir(join(root, "CLAUDE.md"));
  await mkdir(join(root, "docs"));
  await writeTree(root, { "AGENTS.md": "line one\nsee @./gone.md and @param and @types/node and @docs" });
  const { documents, warnings } = await load(root, root, tempFolder("home"));
  assert.equal(documents.length, 1);
  assert.equal(warnings.length, 2, warnings.join("\n"));
  assert.match(warnings[0] ?? "", /Import not found: gone\.md \(imported at AGENTS\.md:2\)/);
  assert.match(warnings[1] ?? "", /Cannot read instruction file .*CLAUDE\.md: is a directory/);
});

test("the section is capped with a visible note naming what was cut and dropped", () => {
  const documents = [
    { path: "/p/AGENTS.md", text: "a".repeat(60), cut: false },
    { path: "/p/CLAUDE.md", text: "b".repeat(60), cut: false },
    { path: "/p/x/AGENTS.md", text: "c".repeat(10), cut: false },
  ];
  const section = formatInstructionsSection(documents, 100);
  assert.ok(section);
  assert.equal(section.truncated, true);
  assert.deepEqual(section.included, ["/p/AGENTS.md", "/p/CLAUDE.md"]);
  assert.match(section.text, /b{40}\n<\/instructions>/);
  assert.doesNotMatch(section.text, /b{41}/);
  assert.match(
    section.text,
    /\/p\/CLAUDE\.md: last 20 characters omitted\. Not loaded: \/p\/x\/AGENTS\.md\./,
  );
  assert.equal(section.warnings.length, 1);
  const small = formatInstructionsSection(documents.slice(0, 1), 100);
  assert.equal(small?.truncated, false);
  assert.equal(small?.warnings.length, 0);
  assert.equal(formatInstructionsSection([], 100), undefined);
});
