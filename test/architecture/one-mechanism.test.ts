// Each OS mechanism the tools, hooks and the session share is written once: process groups
// (util/process-group.ts), folder creation (util/ensure-folder-sync.ts), atomic replacement
// (util/atomic-write.ts) and reading system error codes (util/errno.ts). A second copy elsewhere
// would drift from the first; this test names it. The tests have one temp-folder helper
// (test/support/temp-folder.ts) for the same reason.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { test } from "node:test";

const ROOT = resolve(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Code without comments and string contents, so prose that names a call does not count; the
 *  `${…}` expressions of template strings are code and stay. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/`(?:\\.|[^`\\])*`/g, (template) =>
      [...template.matchAll(/\$\{([^}]*)\}/g)].map((match) => match[1]).join(";"),
    )
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
}

const MECHANISMS: Array<{ what: string; pattern: RegExp; home: string }> = [
  { what: "a process group (detached spawn)", pattern: /\bdetached\s*:/, home: "util/process-group.ts" },
  { what: "a signal to a process group", pattern: /process\.kill\(\s*-/, home: "util/process-group.ts" },
  { what: "folder creation", pattern: /\bmkdir(Sync)?\s*\(/, home: "util/ensure-folder-sync.ts" },
  { what: "an atomic replacement (rename)", pattern: /\brename(Sync)?\s*\(/, home: "util/atomic-write.ts" },
  { what: "reading an errno code", pattern: /as\s+NodeJS\.ErrnoException/, home: "util/errno.ts" },
];

test("each shared OS mechanism lives in one place", () => {
  const files = sourceFiles(SRC);
  assert.ok(files.length > 50, "found the sources");
  const strays: string[] = [];
  for (const file of files) {
    const where = relative(SRC, file);
    const text = code(readFileSync(file, "utf8"));
    for (const mechanism of MECHANISMS)
      if (where !== mechanism.home && mechanism.pattern.test(text))
        strays.push(`${where}: ${mechanism.what} belongs in ${mechanism.home}`);
  }
  assert.deepEqual(strays, []);
});

test("the shared mechanisms are where this test says", () => {
  for (const mechanism of MECHANISMS) {
    if (mechanism.home === "util/errno.ts") continue;
    assert.match(code(readFileSync(join(SRC, mechanism.home), "utf8")), mechanism.pattern, mechanism.home);
  }
});

test("tests make temp folders only through test/support/temp-folder.ts", () => {
  const tests = join(ROOT, "test");
  const files = sourceFiles(tests).filter((file) => !file.includes(`${join("test", "fixtures")}`));
  assert.ok(files.length > 50, "found the tests");
  const strays = files
    .filter((file) => relative(tests, file) !== join("support", "temp-folder.ts"))
    .filter((file) => /\bmkdtemp(Sync)?\s*\(/.test(code(readFileSync(file, "utf8"))))
    .map((file) => relative(ROOT, file));
  assert.deepEqual(strays, [], "use tempFolder() from test/support/temp-folder.ts");
});
