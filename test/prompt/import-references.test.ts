import assert from "node:assert/strict";
import { test } from "node:test";
import { findImportReferences, looksLikeFilePath } from "../../src/prompt/import-references.js";

test("finds @path references with their lines and strips trailing punctuation", () => {
  const text = "Intro @docs/style.md.\n- see @./a.md, and @~/notes.md;\n(@../up.md)";
  assert.deepEqual(findImportReferences(text), [
    { path: "docs/style.md", line: 1 },
    { path: "./a.md", line: 2 },
    { path: "~/notes.md", line: 2 },
    { path: "../up.md", line: 3 },
  ]);
});

test("ignores emails, inline code spans and fenced code blocks", () => {
  const text = [
    "Mail me@example.com or ops@team.io.",
    "Install `@scope/pkg` and ``run `@x.md` `` now.",
    "```ts",
    'import x from "@scope/pkg";',
    "@inside.md",
    "```",
    "~~~",
    "@tilde-fence.md",
    "~~~",
    "After @real.md",
  ].join("\n");
  assert.deepEqual(findImportReferences(text), [{ path: "real.md", line: 10 }]);
});

test("a longer closing fence is needed for a longer opening fence", () => {
  const text = "````\n```\n@still-code.md\n````\n@after.md";
  assert.deepEqual(findImportReferences(text), [{ path: "after.md", line: 5 }]);
});

test("looksLikeFilePath separates explicit paths from words", () => {
  assert.equal(looksLikeFilePath("./notes"), true);
  assert.equal(looksLikeFilePath("~/x"), true);
  assert.equal(looksLikeFilePath("docs/a.md"), true);
  assert.equal(looksLikeFilePath("param"), false);
  assert.equal(looksLikeFilePath("types/node"), false);
});
