// Output styles in the system prompt: the section goes after the extra sections and before the appended
// text; a switch mid-conversation leaves the fixed prompt byte-identical and reaches the model as a note
// (once), and a fresh conversation takes the new style in; folders load in order with namespaces.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { loadOutputStyleFolders } from "../../src/prompt/discover-output-styles.js";
import { BUILT_IN_OUTPUT_STYLES, findOutputStyle, type OutputStyle } from "../../src/prompt/output-style.js";
import { createStableSystemPrompt } from "../../src/prompt/stable-system-prompt.js";
import { createSystemPromptBuilder } from "../../src/prompt/system-prompt-builder.js";
import { tempFolder, writeTree } from "../support/temp-folder.js";

const builtIn = (name: string) => findOutputStyle(BUILT_IN_OUTPUT_STYLES, name) as OutputStyle;

function builder(style: () => OutputStyle | undefined, extra: { systemPrompt?: string } = {}) {
  return createSystemPromptBuilder({
    cwd: tempFolder("styled"),
    homeDir: tempFolder("home"),
    platform: "linux",
    shell: "/bin/sh",
    now: () => new Date(2026, 0, 1),
    skills: [],
    extraSections: [{ title: "Final answer", body: "Answer in JSON." }],
    appendSystemPrompt: "APPENDED",
    outputStyle: style,
    ...extra,
  });
}

test("the style section sits after the extra sections and before the appended text", async () => {
  const { text } = await builder(() => builtIn("explanatory")).build();
  const final = text.indexOf("# Final answer");
  const style = text.indexOf("# Output style: Explanatory");
  assert.ok(final > 0 && style > final, "after the extra sections");
  assert.ok(text.endsWith("APPENDED") && text.indexOf("APPENDED") > style, "before the appended text");
});

test("--system-prompt replaces the base prompt; the style's instructions are still added", async () => {
  const { text } = await builder(() => builtIn("learning"), { systemPrompt: "OWN PROMPT" }).build();
  assert.ok(text.startsWith("OWN PROMPT"));
  assert.doesNotMatch(text, /You are reagent/);
  assert.match(text, /# Output style: Learning/);
});

test("a switch mid-conversation keeps the prompt byte-identical and sends one note; a fresh start takes it in", async () => {
  let style = builtIn("default");
  const stable = createStableSystemPrompt(builder(() => style));
  const first = (await stable.text()).text;
  assert.deepEqual(await stable.changes(), []);
  style = builtIn("Learning");
  assert.equal((await stable.text()).text, first, "the cached prompt does not change");
  const notes = await stable.changes();
  assert.equal(notes.length, 1);
  assert.match(notes[0] ?? "", /The output style instructions changed since this conversation started/);
  assert.match(notes[0] ?? "", /# Output style: Learning/);
  assert.deepEqual(await stable.changes(), [], "said once");
  style = builtIn("default");
  assert.match((await stable.changes())[0] ?? "", /The output style instructions no longer exist/);
  style = builtIn("Explanatory");
  stable.refresh();
  const fresh = (await stable.text()).text;
  assert.notEqual(fresh, first);
  assert.match(fresh, /# Output style: Explanatory/);
});

test("folders load in order, a later style of the same name wins, a namespace prefixes names", async () => {
  const root = tempFolder("styles");
  writeTree(root, {
    "user/a.md": "---\nname: Same\ndescription: from the user\n---\nUser.\n",
    "project/b.md": "---\nname: Same\n---\nProject.\n",
    "plugin/output-styles/terse.md": "---\ndescription: Short\nkeep-coding-instructions: true\n---\nShort.\n",
    "plugin/output-styles/notes.txt": "not a style",
  });
  const loaded = await loadOutputStyleFolders([
    { dir: join(root, "user"), source: "user" },
    { dir: join(root, "project"), source: "project" },
    { dir: join(root, "plugin", "output-styles"), source: "plugin", namespace: "tidy" },
    { dir: join(root, "missing"), source: "plugin", namespace: "gone" },
  ]);
  assert.deepEqual(loaded.warnings, []);
  assert.deepEqual(
    loaded.styles.map((style) => [style.name, style.source, style.keepCodingInstructions]),
    [
      ["Same", "user", false],
      ["Same", "project", false],
      ["tidy:terse", "plugin", true],
    ],
  );
  assert.equal(findOutputStyle(loaded.styles, "same")?.instructions, "Project.");
  assert.equal(findOutputStyle(loaded.styles, "TIDY:terse")?.description, "Short");
});

test("frontmatter YAML refuses is read line by line with a warning; the style still loads", async () => {
  const root = tempFolder("styles");
  writeTree(root, { "s.md": "---\nname: Plain\ndescription: Triggers on: 'tone', 'voice'\n---\nBody.\n" });
  const loaded = await loadOutputStyleFolders([{ dir: root, source: "project" }]);
  assert.equal(loaded.styles[0]?.description, "Triggers on: 'tone', 'voice'");
  assert.match(loaded.warnings[0] ?? "", /s\.md:3: YAML cannot read `description:`/);
});
