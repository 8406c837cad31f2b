// docs/ARCHITECTURE.md stays current: every module folder of src/ has a row in its module table, and
// every source or test file it names exists (a renamed or removed file makes this test name it).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";

const ROOT = resolve(import.meta.dirname, "..", "..");
const doc = readFileSync(join(ROOT, "docs", "ARCHITECTURE.md"), "utf8");

test("every module of src/ has a row in the module table", () => {
  const folders = readdirSync(join(ROOT, "src"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      entry.name === "ui" ? readdirSync(join(ROOT, "src", "ui")).map((name) => `ui/${name}`) : [entry.name],
    );
  assert.ok(folders.length > 10, "found the modules");
  const rows = new Set([...doc.matchAll(/^\| `([a-z/]+)\/` \|/gm)].map((match) => match[1]));
  assert.deepEqual(
    folders.filter((folder) => !rows.has(folder)),
    [],
    "modules missing from docs/ARCHITECTURE.md",
  );
});

test("every file the document names exists", () => {
  const files = ["src", "test", "scripts"].flatMap((folder) => filesUnder(join(ROOT, folder), folder));
  const named = [...doc.matchAll(/`((?:[a-z-]+\/)*[a-z0-9*-]+\.(?:ts|tsx|mjs))`/g)].map((match) => match[1]!);
  assert.ok(named.length > 20, "found file names");
  // A bare name (`gate-scope.ts`) stands in its module's row: some file of that name must exist.
  const missing = named.filter(
    (name) => !name.includes("*") && !files.some((file) => file === name || file.endsWith(`/${name}`)),
  );
  assert.deepEqual(missing, [], "files named in docs/ARCHITECTURE.md that do not exist");
});

function filesUnder(dir: string, relative: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), `${relative}/${entry.name}`)
      : [`${relative}/${entry.name}`],
  );
}
