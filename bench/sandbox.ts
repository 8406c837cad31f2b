// Sandbox cost per command: `true` and a small `bash -c` script run unsandboxed (environment filter
// only) and in each profile through prepareSpawn + runProcessGroup, interleaved run by run, in a
// git project with the usual missing protected entries (so placeholders are made and removed each
// time); the median, the added milliseconds (target ≤ 15 ms) and the ratio, and where the added time
// goes (prepare: plan + placeholders; finish: their removal). Then the same through the Bash tool,
// the start-up probe, and the redactor's throughput.
// Run: npx tsx bench/sandbox.ts (BENCH_RUNS sets the runs, default 31). Needs bwrap.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Containment } from "../src/contracts/index.js";
import {
  createProcessLauncher,
  createRedactor,
  createSandbox,
  prepareSpawn,
  probeSandbox,
  readOnlyPolicy,
  type SpawnContainment,
  workspaceWritePolicy,
} from "../src/sandbox/index.js";
import { createBashTool } from "../src/tools/bash.js";
import { createFileStateStore } from "../src/tools/file-state.js";
import type { ToolContext } from "../src/tools/tool.js";
import { runProcessGroup } from "../src/util/process-group.js";

const runs = Number(process.env.BENCH_RUNS ?? 31);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const active = await probeSandbox({ platform: process.platform, searchPath: process.env.PATH ?? "" });
if (active.kind !== "active") {
  console.log(`no sandbox here: ${active.reason} (${active.fix}); nothing to measure`);
  process.exit(0);
}
console.log(`mechanism: ${active.mechanism} ${active.version ?? ""} (${active.program})`);

const root = mkdtempSync(join(tmpdir(), "reagent-bench-sandbox-"));
const home = join(root, "home");
const project = join(home, "project");
mkdirSync(join(home, ".ssh"), { recursive: true });
mkdirSync(join(project, ".claude"), { recursive: true });
writeFileSync(join(project, "README.md"), "# bench\n");
execFileSync("git", ["init", "-q"], { cwd: project });
const sandbox = createSandbox({ active, stateDir: join(home, ".agents", "sandbox") });
const input = { workspace: [project], homeDir: home, programFolders: (process.env.PATH ?? "").split(":") };
const writePolicy = workspaceWritePolicy(input);
const readPolicy = readOnlyPolicy(input);
if (writePolicy.kind === "invalid" || readPolicy.kind === "invalid") throw new Error("bad bench policy");
const env = { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8" };

const layers: Array<{ name: string; containment: SpawnContainment }> = [
  { name: "unsandboxed", containment: { kind: "none" } },
  { name: "workspace-write", containment: { kind: "sandbox", sandbox, policy: writePolicy.policy } },
  { name: "read-only", containment: { kind: "sandbox", sandbox, policy: readPolicy.policy } },
];
const commands = [
  { name: "true", file: "true", args: [] as string[] },
  {
    name: "bash -c script",
    file: "/bin/bash",
    args: ["-c", "for i in 1 2 3; do echo $i; done | wc -l > /dev/null"],
  },
];

type Sample = { total: number; prepare: number; finish: number; cpu: number };

/** CPU time (ms) of this process plus its waited-for children (bwrap and everything below it):
 *  utime, stime, cutime, cstime of /proc/self/stat, in clock ticks of 10 ms. Wall time on a busy
 *  machine is mostly waiting for a core; CPU time is what the sandbox itself costs. */
function cpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) * 10;
}

async function once(containment: SpawnContainment, command: (typeof commands)[number]): Promise<Sample> {
  const cpuBefore = cpuMs();
  const started = performance.now();
  const prepared = prepareSpawn({ file: command.file, args: command.args, cwd: project, env }, containment);
  if (prepared.kind === "refused") throw new Error(prepared.reason);
  const spawned = performance.now();
  const result = await runProcessGroup({
    file: prepared.file,
    args: prepared.args,
    cwd: prepared.cwd,
    env: prepared.env,
    inputPipes: prepared.inputPipes,
    stdout: () => {},
    stderr: () => {},
    timeoutMs: 20_000,
  });
  const ended = performance.now();
  prepared.finish();
  const finished = performance.now();
  if (result.exitCode !== 0) throw new Error(`${command.name} failed in the bench (${result.ending})`);
  return {
    total: finished - started,
    prepare: spawned - started,
    finish: finished - ended,
    cpu: cpuMs() - cpuBefore,
  };
}

for (const command of commands) {
  const samples = new Map<string, Sample[]>(layers.map((layer) => [layer.name, []]));
  for (const layer of layers) await once(layer.containment, command);
  for (let run = 0; run < runs; run += 1)
    for (const layer of layers) samples.get(layer.name)?.push(await once(layer.containment, command));
  const base = median((samples.get("unsandboxed") ?? []).map((sample) => sample.total));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const baseCpu = mean((samples.get("unsandboxed") ?? []).map((sample) => sample.cpu));
  console.log(`\n${command.name} (median of ${runs}, interleaved):`);
  for (const layer of layers) {
    const list = samples.get(layer.name) ?? [];
    const total = median(list.map((sample) => sample.total));
    const added = total - base;
    const detail =
      layer.name === "unsandboxed"
        ? ""
        : `  +${added.toFixed(1)} ms (target ≤ 15), ×${(total / base).toFixed(2)}; prepare ${median(list.map((s) => s.prepare)).toFixed(2)} ms, finish ${median(list.map((s) => s.finish)).toFixed(2)} ms`;
    console.log(`  ${layer.name.padEnd(16)} ${total.toFixed(1).padStart(6)} ms${detail}`);
    const cpu = mean(list.map((sample) => sample.cpu));
    const addedCpu = layer.name === "unsandboxed" ? "" : ` (+${(cpu - baseCpu).toFixed(1)} ms)`;
    console.log(
      `  ${"".padEnd(16)} CPU ${cpu.toFixed(1)} ms per command, this process and its children${addedCpu}`,
    );
  }
}

// The same through the real Bash tool (its shell script, the cwd report on fd 3, the launcher), the
// way a session runs `true`: what a person waits for per command.
const launcher = createProcessLauncher({
  sandbox,
  policy: (profile) => (profile === "read-only" ? readPolicy : writePolicy),
  environment: { pass: [] },
  project,
});
const bashTool = createBashTool({ shellPath: "/bin/bash" });
const bashContext = (containment: Containment): ToolContext => ({
  cwd: project,
  homeDir: home,
  signal: new AbortController().signal,
  sessionId: "bench",
  toolUseId: "bench",
  shell: { cwd: project, env: {} },
  files: createFileStateStore(),
  baseEnv: env,
  launcher,
  containment,
});
const throughBash = async (containment: Containment) => {
  const started = performance.now();
  const result = await bashTool.execute({ command: "true" }, bashContext(containment));
  if (result.isError) throw new Error(`Bash true failed (${containment}): ${result.content}`);
  return performance.now() - started;
};
const profiles: Containment[] = ["none", "workspace-write", "read-only"];
const bashTimes = new Map<Containment, number[]>(profiles.map((profile) => [profile, []]));
for (const profile of profiles) await throughBash(profile);
for (let run = 0; run < runs; run += 1)
  for (const profile of profiles) bashTimes.get(profile)?.push(await throughBash(profile));
const bashBase = median(bashTimes.get("none") ?? []);
console.log(`
the Bash tool running \`true\` (median of ${runs}, interleaved):`);
for (const profile of profiles) {
  const total = median(bashTimes.get(profile) ?? []);
  const added = profile === "none" ? "" : `  +${(total - bashBase).toFixed(1)} ms (target ≤ 15)`;
  console.log(`  ${profile.padEnd(16)} ${total.toFixed(1).padStart(6)} ms${added}`);
}

// The probe every run makes once at start-up (bwrap --version and one sandboxed `true`).
const probeTimes: number[] = [];
for (let run = 0; run < 11; run += 1) {
  const started = performance.now();
  await probeSandbox({ platform: process.platform, searchPath: process.env.PATH ?? "" });
  probeTimes.push(performance.now() - started);
}
console.log(`start-up probe: ${median(probeTimes).toFixed(1)} ms (median of 11)`);

// Redaction: ~8 MB of what tool output looks like (code, SHAs, UUIDs, base64, a few secrets).
const redactor = createRedactor([{ name: "DEPLOY_TOKEN", value: "deploy-token-value-123" }]);
const parts: string[] = [];
for (let size = 0; size < 8_000_000; ) {
  const part = [
    `commit ${randomBytes(20).toString("hex")} ${randomUUID()}\n`,
    "function example(value) { return value.map((item) => item * 2).filter(Boolean); }\n",
    `data:image/png;base64,${randomBytes(3000).toString("base64")}\n`,
    size % 100_000 < 4000 ? `token ghp_${randomBytes(18).toString("hex")} and deploy-token-value-123\n` : "",
  ].join("");
  parts.push(part);
  size += part.length;
}
const text = parts.join("");
const times: number[] = [];
let found = 0;
for (let run = 0; run < 7; run += 1) {
  const started = performance.now();
  const result = redactor.redact(text);
  times.push(performance.now() - started);
  found = Object.values(result.found).reduce((sum, count) => sum + count, 0);
}
const megabytes = text.length / 1_000_000;
console.log(
  `\nredaction: ${megabytes.toFixed(1)} MB in ${median(times).toFixed(1)} ms (median of 7) = ${(megabytes / (median(times) / 1000)).toFixed(0)} MB/s; ${found} secrets replaced`,
);
const plain = "x".repeat(1_000_000);
const plainStarted = performance.now();
redactor.redact(plain);
console.log(`redaction of 1 MB with no anchor at all: ${(performance.now() - plainStarted).toFixed(2)} ms`);
rmSync(root, { recursive: true, force: true });
