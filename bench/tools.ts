// Benchmark for the built-in search tools: Grep (ripgrep backend and JS fallback) against running
// rg directly, and Glob against `rg --files`, over a generated tree of 20,000+ files. Prints medians
// and ratios; no assertions. Run: node --import tsx bench/tools.ts
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { rgPath } from "@vscode/ripgrep";
import { createBuiltinTools } from "../src/tools/builtin.js";
import { createFileStateStore } from "../src/tools/file-state.js";
import type { Tool, ToolContext } from "../src/tools/tool.js";
import { plainLauncher } from "../test/support/no-sandbox.js";

const run = promisify(execFile);
const RUNS = 7;
const FOLDERS = 220;
const FILES_PER_FOLDER = 100;

function generateTree(root: string): number {
  const words = ["alpha", "beta", "gamma", "delta", "render", "parse", "widget", "token", "stream", "buffer"];
  writeFileSync(path.join(root, ".gitignore"), "*.log\n");
  let count = 0;
  for (let folder = 0; folder < FOLDERS; folder++) {
    const directory = path.join(root, `pkg${folder % 20}`, `mod${folder}`);
    mkdirSync(directory, { recursive: true });
    for (let file = 0; file < FILES_PER_FOLDER; file++) {
      const lines: string[] = [];
      for (let line = 0; line < 40; line++) {
        lines.push(
          `const ${words[(file + line) % 10]}${line} = ${words[(folder + line) % 10]}(${file * line});`,
        );
      }
      if ((folder * FILES_PER_FOLDER + file) % 37 === 0) lines.push("// NEEDLE: find me");
      const extension = ["ts", "js", "md", "json"][file % 4];
      writeFileSync(path.join(directory, `file${file}.${extension}`), lines.join("\n"));
      count++;
    }
  }
  return count;
}

async function median(task: () => Promise<unknown>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const middle = times[Math.floor(times.length / 2)];
  if (middle === undefined) throw new Error("a median of no runs");
  return middle;
}

function context(cwd: string): ToolContext {
  return {
    cwd,
    homeDir: cwd,
    signal: new AbortController().signal,
    sessionId: "bench",
    launcher: plainLauncher(),
    containment: "none",
    toolUseId: "bench",
    shell: { cwd, env: {} },
    files: createFileStateStore(),
  };
}

function tool(tools: Tool[], name: string): Tool {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} tool`);
  return found;
}

const root = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-"));
try {
  let started = performance.now();
  const files = generateTree(root);
  console.log(
    `tree: ${files} files in ${FOLDERS} folders, generated in ${(performance.now() - started).toFixed(0)} ms`,
  );
  const withRipgrep = createBuiltinTools({});
  const withJavascript = createBuiltinTools({ ripgrepPath: null });
  const grepInput = { pattern: "NEEDLE" };
  const contentInput = { pattern: "NEEDLE", output_mode: "content" };
  const rows: Array<[string, number, number]> = [];
  started = performance.now();
  rows.push([
    "Grep files_with_matches (rg backend) vs rg -l",
    await median(() => tool(withRipgrep, "Grep").execute(grepInput, context(root))),
    await median(() => run(rgPath, ["-l", "NEEDLE", "."], { cwd: root, maxBuffer: 1 << 26 })),
  ]);
  rows.push([
    "Grep content (rg backend) vs rg -n",
    await median(() => tool(withRipgrep, "Grep").execute(contentInput, context(root))),
    await median(() => run(rgPath, ["-n", "NEEDLE", "."], { cwd: root, maxBuffer: 1 << 26 })),
  ]);
  rows.push([
    "Grep files_with_matches (JS fallback) vs rg -l",
    await median(() => tool(withJavascript, "Grep").execute(grepInput, context(root))),
    await median(() => run(rgPath, ["-l", "NEEDLE", "."], { cwd: root, maxBuffer: 1 << 26 })),
  ]);
  rows.push([
    "Glob **/*.ts vs rg --files",
    await median(() => tool(withRipgrep, "Glob").execute({ pattern: "**/*.ts" }, context(root))),
    await median(() => run(rgPath, ["--files", "."], { cwd: root, maxBuffer: 1 << 26 })),
  ]);
  for (const [label, ours, direct] of rows) {
    console.log(
      `${label.padEnd(48)} ours ${ours.toFixed(1).padStart(7)} ms   rg ${direct.toFixed(1).padStart(7)} ms   ratio ${(ours / direct).toFixed(2)}x`,
    );
  }
  console.log(
    `(median of ${RUNS} runs each after one warm-up; measured in ${(performance.now() - started).toFixed(0)} ms)`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
