// Checkpoint cost on a 10,000-file repository (100 folders of 100 files, ~1 KB each, plus an ignored
// folder of 2,000 files): the first snapshot (every file hashed into the private store), one snapshot
// of the unchanged tree (served from the private index's stat cache), and a whole prompt's cost as
// reagent pays it (the snapshot before its first change and the one at its end) with nothing changed
// and with 5 files changed; then planning and applying a rewind of 5 files. The target is under
// 150 ms per prompt. Medians of 15 runs. Last, a read-only headless run of the built CLI in the same
// project with a fresh store each time (its first snapshot is under way when the run ends): its
// wall time, and with BENCH_BASELINE=<folder with another build's bin/ and dist/> that build's too.
// Prints figures; no assertions.
// Run: node --import tsx bench/checkpoints.ts
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Checkpoints, openCheckpoints, takeSnapshot } from "../src/checkpoints/index.js";
import { headlessRun, snapshotBuild } from "./support/cli-runs.js";

const FOLDERS = 100;
const FILES_PER_FOLDER = 100;
const RUNS = 15;
const TARGET_MS = 150;

const root = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-ckpt-"));
const project = path.join(root, "project");
const line = "const value = 'a line of about forty bytes';\n";
const anHourAgo = new Date(Date.now() - 3_600_000);
for (let folder = 0; folder < FOLDERS; folder++) {
  const dir = path.join(project, "src", `module-${folder}`);
  mkdirSync(dir, { recursive: true });
  for (let file = 0; file < FILES_PER_FOLDER; file++) {
    const target = path.join(dir, `file-${file}.ts`);
    writeFileSync(target, `// ${folder}/${file}\n${line.repeat(24)}`);
    // A project's files are older than the snapshot (files written in the index's second are
    // "racily clean" and re-read every time, which a real checkout is not).
    utimesSync(target, anHourAgo, anHourAgo);
  }
}
mkdirSync(path.join(project, "build"), { recursive: true });
for (let file = 0; file < 2000; file++) writeFileSync(path.join(project, "build", `out-${file}.js`), line);
writeFileSync(path.join(project, ".gitignore"), "build/\n");

const checkpoints: Checkpoints = openCheckpoints({
  storeDir: path.join(root, "store"),
  workTree: project,
  sessionDir: path.join(root, "session"),
  env: process.env,
  warn: (message) => process.stderr.write(`warning: ${message}\n`),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
const fmt = (value: number) => `${value.toFixed(1)} ms`;
/** CPU milliseconds used so far by this process and the git processes it waited for (the machine
 *  may be shared: wall time then includes waiting for a core, CPU time does not). */
function cpuMs(): number {
  const own = process.cpuUsage();
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // After the command name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
  const childTicks = Number(fields[13]) + Number(fields[14]);
  return (own.user + own.system) / 1000 + childTicks * 10;
}

/** One prompt as reagent runs it: the snapshot before its first change (the prompt waits for it),
 *  the change, the snapshot at its end (taken after the turn, while the person reads the answer). */
async function prompt(change: () => void): Promise<{ before: number; total: number }> {
  checkpoints.beginPrompt({ text: "bench", messageIndex: 0 });
  const started = performance.now();
  await checkpoints.beforeChange();
  const before = performance.now() - started;
  change();
  const ending = performance.now();
  await checkpoints.endPrompt();
  return { before, total: before + (performance.now() - ending) };
}

let round = 0;
const changeFive = () => {
  round++;
  for (let index = 0; index < 5; index++)
    writeFileSync(
      path.join(project, "src", `module-${index * 7}`, `file-${index}.ts`),
      `// round ${round}\n${line}`,
    );
};

try {
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `repository: ${FOLDERS * FILES_PER_FOLDER} files, 2000 ignored; median of ${RUNS}; ${os.cpus().length} cores, load average ${load}; ${execFileSync("git", ["--version"]).toString().trim()}`,
  );
  const firstCpu = cpuMs();
  const first = await time(async () => {
    checkpoints.beginPrompt({ text: "first", messageIndex: 0 });
    await checkpoints.beforeChange();
    await checkpoints.endPrompt();
  });
  console.log(
    `first snapshot (every file hashed into one pack, once per project): ${fmt(first)} (CPU ${fmt(cpuMs() - firstCpu)})`,
  );
  const unchangedSnapshot: number[] = [];
  for (let run = 0; run < RUNS; run++)
    unchangedSnapshot.push(await time(() => takeSnapshot(checkpoints.git)));
  console.log(`one snapshot, unchanged tree (stat cache):            ${fmt(median(unchangedSnapshot))}`);
  const unchanged: Array<{ before: number; total: number }> = [];
  for (let run = 0; run < RUNS; run++) unchanged.push(await prompt(() => {}));
  const changed: Array<{ before: number; total: number }> = [];
  for (let run = 0; run < RUNS; run++) changed.push(await prompt(changeFive));
  const cpuBefore = cpuMs();
  for (let run = 0; run < RUNS; run++) await prompt(() => {});
  const cpuUnchanged = (cpuMs() - cpuBefore) / RUNS;
  const cpuMiddle = cpuMs();
  for (let run = 0; run < RUNS; run++) await prompt(changeFive);
  const cpuChanged = (cpuMs() - cpuMiddle) / RUNS;
  console.log(
    `CPU time per prompt (reagent + git, both snapshots): nothing changed ${fmt(cpuUnchanged)}, 5 files changed ${fmt(cpuChanged)}`,
  );
  for (const [label, runs] of [
    ["nothing changed", unchanged],
    ["5 files changed", changed],
  ] as const) {
    const before = median(runs.map((run) => run.before));
    const total = median(runs.map((run) => run.total));
    console.log(
      `per prompt, ${label}: ${fmt(before)} before its first change (the wait), ${fmt(total)} with the end snapshot (target < ${TARGET_MS} ms: ${total < TARGET_MS ? "met" : "missed"})`,
    );
  }
  const last = checkpoints.prompts().at(-1)!;
  let planMs = 0;
  let applyMs = 0;
  let plan = await checkpoints.planCode(last);
  planMs = await time(async () => {
    plan = await checkpoints.planCode(last);
  });
  if (plan.kind === "restore") applyMs = await time(() => checkpoints.applyCode(plan as never));
  console.log(`rewind of the last prompt (5 files): plan ${fmt(planMs)}, apply ${fmt(applyMs)}`);
  const build = snapshotBuild(path.resolve(import.meta.dirname, ".."), "ckpt");
  try {
    const builds: Array<[string, string]> = [["this build", build.bin]];
    const baseline = process.env.BENCH_BASELINE;
    if (baseline) builds.push(["baseline", path.join(baseline, "bin", "reagent.js")]);
    for (const [label, bin] of builds) {
      const walls: number[] = [];
      for (let run = 0; run < 3; run++) walls.push(await readOnlyRun(bin));
      console.log(
        `read-only headless run, fresh store (first snapshot under way at its end), ${label}: ${fmt(median(walls))}`,
      );
    }
  } finally {
    build.remove();
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

/** The built CLI, headless, one Read and an answer, in a fresh HOME (so a fresh checkpoint store). */
async function readOnlyRun(bin: string): Promise<number> {
  const home = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-ckpt-home-"));
  try {
    const script = [
      { tool_calls: [{ name: "Read", input: { file_path: "src/module-1/file-1.ts" } }] },
      { text: "read" },
    ];
    return (await headlessRun(bin, ["-p", "look"], { cwd: project, home, script })).ms;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
