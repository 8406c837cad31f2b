// Glob and Grep in a big repository: a generated git repository of 100,000 files (50,000 of them in
// an ignored node_modules, nested .gitignore files with a negation, hidden folders), made in a temp
// folder for the run and removed after. Glob `**/*.ts` against `rg --files --glob` (and with
// `--sort=modified`, what sorting costs rg), Grep's three modes against plain `rg`. Medians of 7
// runs after a warm-up; ratios against rg and against the figures before issue 31 (bench/README.md).
// No assertions. Run: node --import tsx bench/search-tree.ts
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { rgPath } from "@vscode/ripgrep";
import { createBuiltinTools } from "../src/tools/builtin.js";
import { createFileStateStore } from "../src/tools/file-state.js";
import type { Tool, ToolContext } from "../src/tools/tool.js";
import { mark, median, ms } from "./support/cli-runs.js";

const run = promisify(execFile);
const RUNS = 7;
/** Before issue 31's work, on this machine kind (bench/README.md), in ms. */
const EARLIER: Record<string, number> = {};

/** 500 packages × 100 files outside node_modules, and 500 × 100 inside it. */
function generateTree(root: string): number {
  execFileSync("git", ["init", "-q", root]);
  writeFileSync(path.join(root, ".gitignore"), "node_modules/\n*.log\n/build/\n");
  let count = 0;
  const write = (file: string, text: string) => {
    writeFileSync(file, text);
    count++;
  };
  for (let pkg = 0; pkg < 500; pkg++) {
    const base = path.join(root, "packages", `pkg${pkg}`);
    const src = path.join(base, "src", `area${pkg % 7}`);
    mkdirSync(src, { recursive: true });
    if (pkg % 10 === 0) {
      // A nested .gitignore: generated sources are ignored, except one kept on purpose.
      writeFileSync(path.join(base, ".gitignore"), "*.gen.ts\n!keep.gen.ts\ndist/\n");
      mkdirSync(path.join(base, "dist"));
      write(path.join(base, "dist", "index.js"), "module.exports = {};\n");
      write(path.join(src, "schema.gen.ts"), "export const generated = true;\n");
      write(path.join(src, "keep.gen.ts"), "export const kept = true;\n");
    }
    for (let file = 0; count < (pkg + 1) * 100; file++) {
      const extension = ["ts", "ts", "js", "json", "md"][file % 5];
      const needle = (pkg * 100 + file) % 97 === 0 ? "\n// NEEDLE: find me\n" : "\n";
      write(path.join(src, `file${file}.${extension}`), `export const value${file} = ${pkg};${needle}`);
    }
  }
  const hidden = path.join(root, ".config", "tools");
  mkdirSync(hidden, { recursive: true });
  for (let file = 0; file < 20; file++) write(path.join(hidden, `setting${file}.ts`), "// NEEDLE hidden\n");
  for (let pkg = 0; pkg < 500; pkg++) {
    const folder = path.join(root, "node_modules", `dep${pkg}`, "lib");
    mkdirSync(folder, { recursive: true });
    for (let file = 0; file < 100; file++)
      write(path.join(folder, `index${file}.${file % 2 ? "js" : "ts"}`), "module.exports = 1; // NEEDLE\n");
  }
  return count;
}

/** Medians of RUNS runs of each task after one warm-up each, run in turn so that they see the same
 *  machine load. */
async function timeMedians(...tasks: Array<() => Promise<unknown>>): Promise<number[]> {
  for (const task of tasks) await task();
  const times = tasks.map(() => [] as number[]);
  for (let index = 0; index < RUNS; index++)
    for (const [position, task] of tasks.entries()) {
      const started = performance.now();
      await task();
      times[position]!.push(performance.now() - started);
    }
  return times.map(median);
}

function context(cwd: string): ToolContext {
  return {
    cwd,
    homeDir: cwd,
    signal: new AbortController().signal,
    sessionId: "bench",
    toolUseId: "bench",
    shell: { cwd, env: {} },
    files: createFileStateStore(),
  };
}

function tool(name: string): Tool {
  const found = createBuiltinTools({}).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} tool`);
  return found;
}

const root = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-tree-"));
try {
  let started = performance.now();
  const files = generateTree(root);
  console.log(
    `tree: ${files.toLocaleString("en-US")} files (half in an ignored node_modules), git repository, generated in ${ms(performance.now() - started)}`,
  );
  const rg = (args: string[]) => () => run(rgPath, args, { cwd: root, maxBuffer: 1 << 28 });
  const glob = tool("Glob");
  const grep = tool("Grep");
  const rows: Array<{ label: string; ours: number; rg: number; target: number }> = [];
  started = performance.now();
  const [globMs, rgGlobMs, sortedMs] = await timeMedians(
    () => glob.execute({ pattern: "**/*.ts" }, context(root)),
    rg(["--files", "--glob", "**/*.ts"]),
    rg(["--files", "--glob", "**/*.ts", "--sort=modified"]),
  );
  rows.push({ label: "Glob **/*.ts ÷ rg --files --glob '**/*.ts'", ours: globMs!, rg: rgGlobMs!, target: 1 });
  for (const [mode, args] of [
    ["files_with_matches", ["-l", "NEEDLE"]],
    ["content", ["-n", "NEEDLE"]],
    ["count", ["-c", "NEEDLE"]],
  ] as const) {
    const [ours, direct] = await timeMedians(
      () => grep.execute({ pattern: "NEEDLE", output_mode: mode }, context(root)),
      rg([...args, "."]),
    );
    rows.push({ label: `Grep ${mode} ÷ rg ${args.join(" ")}`, ours: ours!, rg: direct!, target: 1.1 });
  }
  for (const row of rows) {
    const ratio = row.ours / row.rg;
    const earlier = EARLIER[row.label];
    console.log(
      `${row.label.padEnd(46)} ours ${ms(row.ours).padStart(9)}   rg ${ms(row.rg).padStart(9)}   ${ratio.toFixed(2)}× ` +
        `(target ≤ ${row.target}×, ${mark(ratio <= row.target)})${earlier ? `   ${(row.ours / earlier).toFixed(2)}× of before issue 31 (${ms(earlier)})` : ""}`,
    );
  }
  console.log(
    `(rg --files --glob '**/*.ts' --sort=modified, what sorting by time costs rg: ${ms(sortedMs)})`,
  );
  console.log(
    `(median of ${RUNS} runs each after one warm-up, ours and rg in turn; measured in ${ms(performance.now() - started)})`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
