// No function in src/ runs over 80 lines (issue 25: a long function is split into named steps where it
// does several things). scripts/long-functions.mjs measures them with TypeScript's own parse (nested
// functions count on their own and inside the function around them). The one exception is ONE_PIECE:
// functions that are one long table and read best whole (each says why). An entry that is no longer
// over the limit fails the test too, so the list stays true.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { test } from "node:test";
import { removeFolder, tempFolder, writeTree } from "../support/temp-folder.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const LIMIT = 80;

/** `file: function` → why it reads best as one piece. */
const ONE_PIECE: Record<string, string> = {
  // The command line's option table: one commander declaration per flag, in the order --help prints.
  "src/cli/program.ts: buildProgram": "the option table",
  // The table of built-in slash commands: each entry a name, a description and a one-line run.
  "src/commands/builtin-commands.ts: builtinCommands": "the built-in command table",
};

interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function longFunctions(root = ROOT): LongFunction[] {
  const args = ["scripts/long-functions.mjs", "--json", "--limit", String(LIMIT), "--root", root];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return (JSON.parse(run.stdout) as { functions: LongFunction[] }).functions;
}

test(`no function in src/ is longer than ${LIMIT} lines unless ONE_PIECE names it`, () => {
  const found = longFunctions();
  const keys = new Set(found.map((entry) => `${entry.file}: ${entry.name}`));
  const over = found
    .filter((entry) => {
      const key = `${entry.file}: ${entry.name}`;
      return !(key in ONE_PIECE);
    })
    .map((entry) => `${entry.file}:${entry.line} ${entry.name} (${entry.lines} lines)`);
  assert.deepEqual(
    over,
    [],
    "split these into named steps (or, for one table or switch, say why in ONE_PIECE)",
  );
  const stale = Object.keys(ONE_PIECE).filter((key) => !keys.has(key));
  assert.deepEqual(stale, [], `no longer over ${LIMIT} lines (or renamed): take these out of ONE_PIECE`);
});

test("the measure counts a function's own lines: nested and arrow functions, methods, not comments", () => {
  const body = (count: number) =>
    Array.from({ length: count }, (_, index) => `  const v${index} = ${index};`);
  const source = [
    ...["/**", " * A comment above a function is not part of it.", " */"],
    "export function exactly80(): void {",
    ...body(78),
    "}",
    "export function over80(): void {",
    ...body(79),
    "}",
    "export function outer(): () => string {",
    "  const inner = (): string => {",
    `    const text = \`}}} \${"{"} {{\`;`,
    ...body(80),
    "    return text;",
    "  };",
    "  return inner;",
    "}",
    "export class Box {",
    "  method(): void {",
    ...body(81),
    "  }",
    "}",
    "",
  ].join("\n");
  const root = tempFolder("long-functions");
  try {
    writeTree(root, {
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["src"] }),
      "src/sample.ts": source,
    });
    const found = longFunctions(root).map(({ name, line, lines }) => ({ name, line, lines }));
    assert.deepEqual(found, [
      { name: "outer", line: 165, lines: 87 },
      { name: "outer/inner", line: 166, lines: 84 },
      { name: "Box/method", line: 253, lines: 83 },
      { name: "over80", line: 84, lines: 81 },
    ]);
  } finally {
    removeFolder(root);
  }
});
