// What hiding costs per sandboxed command: a read-only `true` with a Read-denied file in the
// workspace's top folder beside 10, 60 and 200 other entries (up to SIEVE_LIMIT the folder becomes a
// sieve: one mount per entry bound back; beyond, an empty stand-in) next to the same workspace with
// nothing denied, as wall time and as the CPU time of bwrap and everything below it, interleaved run
// by run; the load average is printed with them. The CPU time is perf's task-clock (rusage misses
// it: bwrap's parent exits without reaping the sandbox's processes); without perf it is not shown.
// Run: npx tsx bench/sandbox-hidden.ts (BENCH_RUNS sets the runs, default 21). Needs bwrap.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createSandbox,
  prepareSpawn,
  probeSandbox,
  readOnlyPolicy,
  type SpawnContainment,
} from "../src/sandbox/index.js";
import { runProcessGroup } from "../src/util/process-group.js";

const runs = Number(process.env.BENCH_RUNS ?? 21);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const active = await probeSandbox({ platform: process.platform, searchPath: process.env.PATH ?? "" });
if (active.kind !== "active") {
  console.log(`no sandbox here: ${active.reason} (${active.fix}); nothing to measure`);
  process.exit(0);
}

const perf = ["/usr/bin/perf", "/usr/local/bin/perf"].find((path) => existsSync(path));

const root = mkdtempSync(join(tmpdir(), "reagent-bench-hidden-"));
const home = join(root, "home");
mkdirSync(home, { recursive: true });
const sandbox = createSandbox({ active, stateDir: join(home, ".agents", "sandbox") });
const env = { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8" };

function workspace(name: string, entries: number): string {
  const project = join(home, name);
  mkdirSync(project);
  for (let index = 0; index < entries; index += 1) writeFileSync(join(project, `f${index}`), "x\n");
  writeFileSync(join(project, ".env"), "SECRET=1\n");
  return project;
}

const cases = [
  { name: "nothing denied", project: workspace("plain", 10), denied: false },
  { name: "denied, 10 beside", project: workspace("ten", 10), denied: true },
  { name: "denied, 60 beside", project: workspace("sixty", 60), denied: true },
  { name: "denied, 200 beside (stand-in)", project: workspace("two-hundred", 200), denied: true },
].map((entry) => {
  const built = readOnlyPolicy({
    workspace: [entry.project],
    homeDir: home,
    filesystem: { denyRead: entry.denied ? ["./.env"] : [] },
    programFolders: (process.env.PATH ?? "").split(":"),
  });
  if (built.kind === "invalid") throw new Error(built.problems.join("; "));
  const containment: SpawnContainment = { kind: "sandbox", sandbox, policy: built.policy };
  return { ...entry, containment, wall: [] as number[], cpu: [] as number[], prepare: [] as number[] };
});

async function once(entry: (typeof cases)[number], record: boolean): Promise<void> {
  const started = performance.now();
  const prepared = prepareSpawn({ file: "true", args: [], cwd: entry.project, env }, entry.containment);
  if (prepared.kind === "refused") throw new Error(prepared.reason);
  const spawned = performance.now();
  const errors: Buffer[] = [];
  const measured = perf === undefined ? [] : ["stat", "-x,", "-e", "task-clock", "--", prepared.file];
  const result = await runProcessGroup({
    file: perf ?? prepared.file,
    args: [...measured, ...prepared.args],
    cwd: prepared.cwd,
    env: prepared.env,
    inputPipes: prepared.inputPipes,
    stdout: () => {},
    stderr: (chunk) => errors.push(chunk),
    timeoutMs: 20_000,
  });
  prepared.finish();
  if (result.exitCode !== 0) throw new Error(`true failed in ${entry.name} (${result.ending})`);
  if (!record) return;
  entry.wall.push(performance.now() - started);
  entry.prepare.push(spawned - started);
  const clock = /^([\d.]+),msec,task-clock/m.exec(Buffer.concat(errors).toString("utf8"));
  if (clock?.[1] !== undefined) entry.cpu.push(Number(clock[1]));
}

for (const entry of cases) await once(entry, false);
for (let run = 0; run < runs; run += 1) for (const entry of cases) await once(entry, true);
const [base] = cases;
console.log(
  `read-only \`true\`, median wall / mean bwrap CPU (perf task-clock) of ${runs}, load ${readFileSync("/proc/loadavg", "utf8").trim()}:`,
);
for (const entry of cases) {
  const wall = median(entry.wall);
  const cpu = mean(entry.cpu);
  const added =
    entry === base
      ? ""
      : `  +${(wall - median(base?.wall ?? [])).toFixed(1)} ms wall, +${(cpu - mean(base?.cpu ?? [])).toFixed(1)} ms CPU`;
  console.log(
    `  ${entry.name.padEnd(30)} ${wall.toFixed(1).padStart(6)} ms wall, CPU ${cpu.toFixed(1)} ms, prepare ${median(entry.prepare).toFixed(2)} ms${added}`,
  );
}
rmSync(root, { recursive: true, force: true });
