// A 500-call headless session with the built CLI against the in-process fake model server: the
// agent's own time per call (from the end of the server's response to the next request's arrival:
// tool, hooks, transcript, building and sending the next request) early and late in the session, the
// process's RSS and peak RSS as the history grows, and what a Bash call (a process start) costs at
// each point. Prints figures and ratios; no assertions. Run after `npm run build`:
// node --import tsx bench/long-session.ts   (BENCH_CALLS=N for another length, BENCH_RUNS=N runs, and
// BENCH_BASELINE=<folder with another build's bin/ and dist/> to run that build side by side;
// BENCH_PROVIDER=openai or openai-responses for the OpenAI wire formats)
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Script } from "../src/providers/script-format.js";
import { startFakeModelServer } from "../test/support/fake-model-server.js";
import { mark, median, snapshotBuild, timed } from "./support/cli-runs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const WINDOW = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Before issue 31's work, on this machine kind (see bench/README.md): calls 21-40 vs 481-500. */
const EARLIER = { first: 0, last: 0, peak: 0 };
/** The issue's figures (measured against Claude Code 2.1.197 on this machine kind, not here). */
const ISSUE = { growth: 55, claudeGrowth: 16, peakMb: 140 };

type Tool = "Read" | "Edit" | "Bash" | "Grep" | "Glob";
const ROTATION: Tool[] = ["Read", "Edit", "Bash", "Grep", "Glob"];

/** A project of small files: ten notes of ~1.5 KB to read, one file with a slot per Edit, a few
 *  sources for Grep and Glob. */
function makeProject(dir: string): void {
  const paragraph = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs.\n";
  for (let index = 0; index < 10; index++)
    writeFileSync(path.join(dir, `notes-${index}.txt`), `# notes ${index}\n${paragraph.repeat(18)}`);
  const slots = Array.from({ length: Math.ceil(CALLS / ROTATION.length) + 1 }, (_, slot) => `slot ${slot}`);
  writeFileSync(path.join(dir, "edits.txt"), `${slots.join("\n")}\n`);
  mkdirSync(path.join(dir, "src"));
  for (let index = 0; index < 40; index++)
    writeFileSync(
      path.join(dir, "src", `module-${index}.ts`),
      `export const value${index} = ${index};\n${index % 7 === 0 ? "// needle\n" : ""}`,
    );
}

function turn(index: number): Script[number] {
  const id = `toolu_long_${index}`;
  const tool = ROTATION[index % ROTATION.length]!;
  const slot = Math.floor(index / ROTATION.length);
  switch (tool) {
    case "Read":
      return { tool_calls: [{ id, name: "Read", input: { file_path: `notes-${slot % 10}.txt` } }] };
    case "Edit":
      return {
        tool_calls: [
          {
            id,
            name: "Edit",
            input: {
              file_path: "edits.txt",
              old_string: `slot ${slot}\n`,
              new_string: `slot ${slot} done\n`,
            },
          },
        ],
      };
    case "Bash":
      return { tool_calls: [{ id, name: "Bash", input: { command: `echo call ${index}` } }] };
    case "Grep":
      return { tool_calls: [{ id, name: "Grep", input: { pattern: "needle", path: "src" } }] };
    case "Glob":
      return { tool_calls: [{ id, name: "Glob", input: { pattern: "src/**/*.ts" } }] };
  }
}

/** RSS and peak RSS (MB) and CPU time used so far (ms) of a live process; undefined once it is gone. */
function processFigures(pid: number): { rss: number; peak: number; cpuMs: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    // /proc/PID/stat: utime and stime (clock ticks of 10 ms) are fields 14 and 15, after the `(comm)`.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    return { rss: field("VmRSS"), peak: field("VmHWM"), cpuMs };
  } catch {
    return undefined;
  }
}

/** One request as the fake server saw it, with the CLI's figures at its arrival. */
type Sample = { arrivedAt: number; finishedAt: number; rss: number; peak: number; cpuMs: number };

/** BENCH_PROVIDER: anthropic (default), openai (Chat Completions) or openai-responses. */
const PROVIDER = process.env.BENCH_PROVIDER ?? "anthropic";

function providerSetup(
  home: string,
  server: { anthropicBaseURL: string; openaiBaseURL: string },
): { env: NodeJS.ProcessEnv; flags: string[] } {
  const base = { PATH: process.env.PATH, HOME: home };
  if (PROVIDER === "anthropic")
    return {
      env: { ...base, ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: server.anthropicBaseURL },
      flags: [],
    };
  if (PROVIDER !== "openai" && PROVIDER !== "openai-responses")
    throw new Error(`BENCH_PROVIDER=${PROVIDER}: anthropic, openai or openai-responses`);
  const env = { ...base, OPENAI_API_KEY: "bench", OPENAI_BASE_URL: server.openaiBaseURL };
  return { env, flags: ["--provider", PROVIDER, "--model", "gpt-4.1"] };
}

type Run = { wallMs: number; samples: Sample[]; lastBody: number };

async function run(bin: string): Promise<Run> {
  const home = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-long-"));
  const project = path.join(home, "project");
  mkdirSync(project);
  makeProject(project);
  const script: Script = [...Array.from({ length: CALLS }, (_, index) => turn(index)), { text: "done" }];
  // The server keeps the last request only: 500 parsed bodies (~100 MB) would make its own garbage
  // collection, on the same two cores, part of the figures.
  const server = await startFakeModelServer(script, { keepRequests: 1 });
  const samples: Sample[] = [];
  let pid = 0;
  const onStart = () => {
    const figures = pid ? processFigures(pid) : undefined;
    samples.push({ arrivedAt: performance.now(), finishedAt: 0, rss: 0, peak: 0, cpuMs: 0, ...figures });
  };
  const onFinish = () => {
    const last = samples.at(-1);
    if (last) last.finishedAt = performance.now();
  };
  subscribe("http.server.request.start", onStart);
  subscribe("http.server.response.finish", onFinish);
  try {
    const { env, flags } = providerSetup(home, server);
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the CLI.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    const args = [...nodeArgs, bin, "-p", "go", "--max-turns", String(CALLS + 10), ...flags];
    const result = await timed(process.execPath, [...args, "--dangerously-skip-permissions"], {
      cwd: project,
      env,
      onPid: (spawned) => {
        pid = spawned;
      },
    });
    if (result.code !== 0 || server.turnsServed() !== script.length)
      throw new Error(
        `the session failed (exit ${result.code}, ${server.turnsServed()}/${script.length} turns served)\n${result.stderr.slice(0, 2000)}`,
      );
    const lastBody = JSON.stringify(server.requests.at(-1)?.body ?? "").length;
    return { wallMs: result.ms, samples, lastBody };
  } finally {
    unsubscribe("http.server.request.start", onStart);
    unsubscribe("http.server.response.finish", onFinish);
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

/** Per call n (after the model's call n-1 came back, until request n arrived): agent wall time, and
 *  the CLI's CPU time between the two requests; the median over runs, call by call. */
function perCall(runs: Run[]): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let call = 1; call <= CALLS; call++) {
    wall.push(median(runs.map((run) => run.samples[call]!.arrivedAt - run.samples[call - 1]!.finishedAt)));
    cpu.push(median(runs.map((run) => run.samples[call]!.cpuMs - run.samples[call - 1]!.cpuMs)));
  }
  return { wall, cpu };
}

function report(label: string, runs: Run[]): { first: number; last: number; peak: number } {
  const { wall, cpu } = perCall(runs);
  // The first calls load and compile code on first use: growth is measured from the window after.
  const first = mean(wall.slice(WINDOW, 2 * WINDOW));
  const warmUp = mean(wall.slice(0, WINDOW));
  const last = mean(wall.slice(-WINDOW));
  const growth = last / first - 1;
  const cpuFirst = mean(cpu.slice(WINDOW, 2 * WINDOW));
  const cpuLast = mean(cpu.slice(-WINDOW));
  const peak = median(runs.map((run) => Math.max(...run.samples.map((sample) => sample.peak))));
  const rssAt = (call: number) => median(runs.map((run) => run.samples[Math.min(call, CALLS)]!.rss));
  // wall[i] follows the model's call i: it includes running that call's tool.
  const byTool = (tool: Tool, from: number, to: number) =>
    median(
      wall
        .map((ms, index) => ({ ms, tool: ROTATION[index % ROTATION.length] }))
        .slice(from, to)
        .filter((call) => call.tool === tool)
        .map((call) => call.ms),
    );
  const percent = (value: number) => `${value >= 0 ? "+" : ""}${(value * 100).toFixed(0)}%`;
  console.log(
    `\n${label}: wall ${(median(runs.map((run) => run.wallMs)) / 1000).toFixed(2)} s, ` +
      `last request body ${(runs[0]!.lastBody / 1e6).toFixed(2)} MB`,
  );
  console.log(
    `agent time per call, calls ${WINDOW + 1}-${2 * WINDOW} ${first.toFixed(2)} ms → calls ${CALLS - WINDOW + 1}-${CALLS} ` +
      `${last.toFixed(2)} ms: ${percent(growth)} (target ≤ +15%, ${mark(growth <= 0.15)}; ` +
      `the issue: +${ISSUE.growth}%, Claude Code +${ISSUE.claudeGrowth}%; calls 1-${WINDOW}, warming up: ${warmUp.toFixed(2)} ms)`,
  );
  console.log(
    `CLI CPU time per call, calls ${WINDOW + 1}-${2 * WINDOW} ${cpuFirst.toFixed(2)} ms → calls ${CALLS - WINDOW + 1}-${CALLS} ` +
      `${cpuLast.toFixed(2)} ms: ${percent(cpuLast / cpuFirst - 1)}`,
  );
  const tools = ROTATION.map(
    (tool) => `${tool} ${byTool(tool, 0, 100).toFixed(1)} → ${byTool(tool, -100, wall.length).toFixed(1)}`,
  );
  console.log(`median ms per tool, calls 1-100 → the last 100: ${tools.join(", ")}`);
  console.log(
    `memory: RSS at call ${WINDOW} ${rssAt(WINDOW).toFixed(0)} MB, at call ${CALLS} ${rssAt(CALLS).toFixed(0)} MB, ` +
      `peak ${peak.toFixed(0)} MB (target < 110 MB, ${mark(peak < 110)}; the issue: ${ISSUE.peakMb} MB)`,
  );
  return { first, last, peak };
}

async function main(): Promise<void> {
  const builds = [{ label: "this build", ...snapshotBuild(ROOT, "long") }];
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) builds.push({ label: "baseline", ...snapshotBuild(path.resolve(baseline), "long-base") });
  try {
    console.log(
      `${CALLS} tool calls (Read, Edit, Bash, Grep, Glob in turn) in one headless run, ${RUNS} runs per build ` +
        `(medians call by call), node ${process.version}, ${os.cpus().length} cores`,
    );
    const runs = builds.map(() => [] as Run[]);
    // Interleaved, so that both builds see the same machine load.
    for (let index = 0; index < RUNS; index++)
      for (const [position, build] of builds.entries()) runs[position]!.push(await run(build.bin));
    const figures = builds.map((build, position) => report(build.label, runs[position]!));
    const ours = figures[0]!;
    const before = figures[1] ?? (EARLIER.last > 0 ? EARLIER : undefined);
    if (before)
      console.log(
        `\nthis build ÷ ${figures[1] ? "baseline" : "before issue 31 (bench/README.md)"}: ` +
          `calls ${WINDOW + 1}-${2 * WINDOW} ${(ours.first / before.first).toFixed(2)}×, calls ${CALLS - WINDOW + 1}-${CALLS} ` +
          `${(ours.last / before.last).toFixed(2)}×, peak RSS ${(ours.peak / before.peak).toFixed(2)}×`,
      );
  } finally {
    for (const build of builds) build.remove();
  }
}

await main();
