// `@path` completion: the mention at the cursor, ranking, accepting, and the project file index.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { listProjectFiles } from "../../../src/tools/project-files.js";
import { acceptMention, matchFiles, mentionAtCursor } from "../../../src/ui/repl/file-completion.js";
import { emptyEditor } from "../../../src/ui/repl/input-editor.js";
import { tempFolder } from "../../support/temp-folder.js";

test("the mention at the cursor: after a space or at the start, quoted, not e-mail or MCP", () => {
  assert.deepEqual(mentionAtCursor("look at @src/a", 14), {
    start: 8,
    end: 14,
    query: "src/a",
    quoted: false,
  });
  assert.deepEqual(mentionAtCursor("@", 1), { start: 0, end: 1, query: "", quoted: false });
  assert.deepEqual(mentionAtCursor('see @"my di', 11), { start: 4, end: 11, query: "my di", quoted: true });
  // The cursor inside a mention: the whole token is replaced on accept.
  assert.deepEqual(mentionAtCursor("@src/ap more", 3), { start: 0, end: 7, query: "sr", quoted: false });
  assert.equal(mentionAtCursor("mail bob@exa", 12), undefined);
  assert.equal(mentionAtCursor("@docs:file:///x", 15), undefined);
  assert.equal(mentionAtCursor("@src/a.ts done", 14), undefined);
});

test("ranking: path prefix, then name prefix, then substring, then letters in order", () => {
  const files = [
    "README.md",
    "src/",
    "src/app.ts",
    "src/lib/",
    "src/lib/apply.ts",
    "test/app.test.ts",
    "docs/map.md",
  ];
  assert.deepEqual(matchFiles(files, "src/a"), ["src/app.ts", "src/lib/apply.ts"]);
  assert.deepEqual(matchFiles(files, "app"), ["src/app.ts", "src/lib/apply.ts", "test/app.test.ts"]);
  assert.deepEqual(matchFiles(files, "lib"), ["src/lib/", "src/lib/apply.ts"]);
  assert.deepEqual(matchFiles(files, "sat"), ["src/app.ts", "src/lib/apply.ts", "test/app.test.ts"]);
  assert.deepEqual(matchFiles(files, ""), ["README.md", "src/"]);
  assert.deepEqual(matchFiles(files, "zzz"), []);
});

test("accepting: a file gets a space after it, a folder stays open, spaces are quoted", () => {
  const editor = emptyEditor("look at @sr please");
  const token = mentionAtCursor(editor.text, 11)!;
  const file = acceptMention(editor, token, "src/app.ts");
  assert.equal(file.text, "look at @src/app.ts please");
  assert.equal(file.cursor, "look at @src/app.ts ".length);
  const folder = acceptMention(emptyEditor("@s"), mentionAtCursor("@s", 2)!, "src/");
  assert.deepEqual([folder.text, folder.cursor], ["@src/", 5]);
  const spaced = acceptMention(emptyEditor("@my"), mentionAtCursor("@my", 3)!, "my dir/b c.md");
  assert.equal(spaced.text, '@"my dir/b c.md" ');
});

test("the project index: gitignore-aware, folders listed, hidden files left out", async () => {
  const root = tempFolder("files");
  try {
    const files = {
      ".gitignore": "dist/\n",
      "src/a.ts": "",
      "src/deep/b.ts": "",
      "dist/out.js": "",
      "secret.env": "",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    const listed = await listProjectFiles(root, { hidden: (path) => path.endsWith("secret.env") });
    assert.deepEqual(listed, [".gitignore", "src/", "src/a.ts", "src/deep/", "src/deep/b.ts"]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
