// Glob and Grep in a big repository: a generated git repository of 100,000 files (50,000 of them in
// an ignored node_modules, nested .gitignore files with a negation, hidden folders), made in a temp
// folder for the run and removed after. Glob `**/*.ts` against `rg --files --glob` (and with
// `--sort=modified`: sorting by time is what Glob does), Grep's three modes against plain `rg`. Wall
// time (median of 7 runs after a warm-up) and CPU time (mean, ours and rg's), with ratios against rg
// and against the figures before issue 31 (bench/README.md). No assertions. Linux (/proc).
// Run: node --import tsx bench/search-tree.ts
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { rgPath } from "@vscode/ripgrep";
import type { Script } from "../src/providers/script-format.js";
import { createBuiltinTools } from "../src/tools/builtin.js";
import { createFileStateStore } from "../src/tools/file-state.js";
import { ripgrepIgnoreFlags } from "../src/tools/ripgrep-files.js";
import type { Tool, ToolContext } from "../src/tools/tool.js";
import { plainLauncher } from "../test/support/no-sandbox.js";
import { headlessRun, mark, median, ms, snapshotBuild } from "./support/cli-runs.js";

const run = promisify(execFile);
const RUNS = 7;
/** Before issue 31's work, on this machine kind (the issue's figure), in ms. */
const EARLIER: Record<string, number> = { "Glob **/*.ts": 1510 };

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

/** CPU time so far of this process and of its waited-for children (ripgrep), in ms (10 ms ticks). */
function cpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
}

type Figures = { wall: number; cpu: number };

/** Per task: the median wall time of RUNS runs after one warm-up, and the mean CPU time (this process
 *  and ripgrep), run in turn so that all see the same machine load. CPU time moves less with the load
 *  other processes put on the machine. */
async function measure(...tasks: Array<() => Promise<unknown>>): Promise<Figures[]> {
  for (const task of tasks) await task();
  const times = tasks.map(() => [] as number[]);
  const cpu = tasks.map(() => 0);
  for (let index = 0; index < RUNS; index++)
    for (const [position, task] of tasks.entries()) {
      const started = performance.now();
      const cpuBefore = cpuMs();
      await task();
      cpu[position]! += cpuMs() - cpuBefore;
      times[position]!.push(performance.now() - started);
    }
  return times.map((wall, position) => ({ wall: median(wall), cpu: cpu[position]! / RUNS }));
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

function tool(name: string): Tool {
  const found = createBuiltinTools({}).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} tool`);
  return found;
}

/** Glob as reagent runs it: the built CLI, headless, against the fake Anthropic server, calling Glob
 *  `calls` times; each call's time from its `tool.start` to its `tool.end` trace line (TRACE=1), the
 *  first left out (warm-up). reagent's own process is smaller than this benchmark's (which carries
 *  the TypeScript loader and the generated tree's garbage), and a process start costs more the larger
 *  the process that starts it. */
async function globInReagent(bin: string, home: string, root: string, pattern: string, calls: number) {
  const script: Script = [
    ...Array.from({ length: calls }, (_, call) => ({
      tool_calls: [{ id: `toolu_glob_${call}`, name: "Glob", input: { pattern } }],
    })),
    { text: "done" },
  ];
  const starts: number[] = [];
  const ends: number[] = [];
  await headlessRun(bin, ["-p", "glob", "--allowedTools", "Glob"], {
    cwd: root,
    home,
    script,
    env: { TRACE: "1" },
    onStderrLine: (line, at) => {
      if (line.startsWith("[trace] tool.start tool=Glob")) starts.push(at);
      if (line.startsWith("[trace] tool.end tool=Glob")) ends.push(at);
    },
  });
  if (ends.length !== calls) throw new Error(`the Glob session made ${ends.length} of ${calls} calls`);
  return median(ends.slice(1).map((end, call) => end - starts[call + 1]!));
}

const root = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-tree-"));
const cleanups: Array<() => void> = [];
try {
  let started = performance.now();
  const files = generateTree(root);
  console.log(
    `tree: ${files.toLocaleString("en-US")} files (half in an ignored node_modules), git repository, generated in ${ms(performance.now() - started)}`,
  );
  const rg = (args: string[]) => () => run(rgPath, args, { cwd: root, maxBuffer: 1 << 28 });
  const glob = tool("Glob");
  const grep = tool("Grep");
  const rows: Array<{ label: string; ours: Figures; rg: Figures; target: number }> = [];
  const inReagent: Array<{ pattern: string; ms: number; rg: number }> = [];
  const build = snapshotBuild(path.resolve(import.meta.dirname, ".."), "tree");
  const home = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-tree-home-"));
  cleanups.push(
    () => build.remove(),
    () => rmSync(home, { recursive: true, force: true }),
  );
  // Checkpoints off: a prompt's first snapshot walks the tree (and hashes all of it once per
  // project, seconds here) beside the Globs; its cost is bench/checkpoints.ts's.
  mkdirSync(path.join(home, ".agents"));
  writeFileSync(path.join(home, ".agents", "settings.json"), '{ "fileCheckpointingEnabled": false }\n');
  started = performance.now();
  // Per pattern: plain `rg --files --glob` (the issue's yardstick: unsorted, and a whitelist glob
  // spares rg the .gitignore match of every file), the same sorted by time, and — where Glob's own
  // listing can be written as one rg command — rg with Glob's ignore rules, newest first: the floor
  // of any listing that honours .gitignore per file and sorts every match by time.
  const floors: Record<string, { cwd: string; args: string[] } | undefined> = {
    "**/*.ts": { cwd: root, args: ["--type-add=g:*.ts", "--type=g"] },
    "packages/**/*.json": { cwd: path.join(root, "packages"), args: ["--type-add=g:*.json", "--type=g"] },
    "packages/pkg1*/**": undefined,
  };
  for (const [pattern, floor] of Object.entries(floors)) {
    const own =
      floor &&
      (() =>
        run(rgPath, ["--files", "--null", ...ripgrepIgnoreFlags(true), "--sortr=modified", ...floor.args], {
          cwd: floor.cwd,
          maxBuffer: 1 << 28,
        }));
    const [ours, direct, sorted, floorFigures] = await measure(
      () => glob.execute({ pattern }, context(root)),
      rg(["--files", "--glob", pattern]),
      rg(["--files", "--glob", pattern, "--sort=modified"]),
      ...(own ? [own] : []),
    );
    rows.push({ label: `Glob ${pattern} ÷ rg --files --glob`, ours: ours!, rg: direct!, target: 1 });
    const inCli = await globInReagent(build.bin, home, root, pattern, RUNS + 1);
    // rg again right after the session: the machine's pace drifts, and the session ran after the loop.
    const [directAfter] = await measure(rg(["--files", "--glob", pattern]));
    inReagent.push({ pattern, ms: inCli, rg: (direct!.wall + directAfter!.wall) / 2 });
    rows.push({ label: `Glob ${pattern} ÷ the same --sort=modified`, ours: ours!, rg: sorted!, target: 1 });
    if (floorFigures)
      rows.push({
        label: `Glob ${pattern} ÷ rg, Glob's rules, sorted`,
        ours: ours!,
        rg: floorFigures,
        target: 1,
      });
  }
  for (const [mode, args] of [
    ["files_with_matches", ["-l", "NEEDLE"]],
    ["content", ["-n", "NEEDLE"]],
    ["count", ["-c", "NEEDLE"]],
  ] as const) {
    const [ours, direct] = await measure(
      () => grep.execute({ pattern: "NEEDLE", output_mode: mode }, context(root)),
      rg([...args, "."]),
    );
    rows.push({ label: `Grep ${mode} ÷ rg ${args.join(" ")}`, ours: ours!, rg: direct!, target: 1.1 });
  }
  for (const row of rows) {
    const ratio = row.ours.wall / row.rg.wall;
    const cpuRatio = row.ours.cpu / row.rg.cpu;
    const earlier = EARLIER[row.label.split(" ÷ ")[0]!];
    console.log(
      `${row.label.padEnd(52)} wall ${ms(row.ours.wall).padStart(9)} vs ${ms(row.rg.wall).padStart(9)} ${ratio.toFixed(2)}×` +
        `   CPU ${ms(row.ours.cpu).padStart(8)} vs ${ms(row.rg.cpu).padStart(8)} ${cpuRatio.toFixed(2)}× ` +
        `(target ≤ ${row.target}×, ${mark(Math.min(ratio, cpuRatio) <= row.target)})` +
        (earlier
          ? `   ${(row.ours.wall / earlier).toFixed(2)}× of before issue 31 (${ms(earlier)} wall)`
          : ""),
    );
  }
  for (const row of inReagent) {
    const ratio = row.ms / row.rg;
    console.log(
      `${`Glob ${row.pattern} in reagent ÷ rg --files --glob`.padEnd(52)} wall ${ms(row.ms).padStart(9)} vs ${ms(row.rg).padStart(9)} ` +
        `${ratio.toFixed(2)}×   (tool.start → tool.end in the built CLI; target ≤ 1×, ${mark(ratio <= 1)})`,
    );
  }
  console.log(
    `(wall: median of ${RUNS} runs after one warm-up; CPU: mean of this process and rg's; ours and rg in turn; ` +
      `measured in ${ms(performance.now() - started)}, load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  for (const cleanup of cleanups) cleanup();
  rmSync(root, { recursive: true, force: true });
}
