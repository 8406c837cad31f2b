// What starting a process costs as reagent's own memory grows: every process reagent starts (Bash,
// hooks, MCP servers) goes through Node's child_process.spawn(), and the kernel has to copy the
// parent's page tables for each one. In a fresh node process per size, the heap is grown with
// retained objects and buffers to an RSS of about 50, 150 and 300 MB, then `true` is spawned and
// awaited again and again: wall ms per spawn (median) and the parent's CPU ms per spawn (mean). The
// same run also times a small long-lived helper started while the process was still small (a node
// script that spawns on request over a pipe and answers when the child ends) — what a spawn helper
// could save at best, before any stdio forwarding. Prints figures; no assertions. Linux or macOS.
// Run: node --import tsx bench/spawn.ts   (BENCH_RUNS=N spawns per size, default 60)
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { median } from "./support/cli-runs.js";

const SIZES_MB = [50, 150, 300];
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

/** The helper: one line in, one `true` spawned, one line out when it ended. */
const HELPER = `
const { spawn } = require("node:child_process");
let buffered = "";
process.stdin.setEncoding("utf8").on("data", (chunk) => {
  buffered += chunk;
  for (let at = buffered.indexOf("\\n"); at !== -1; at = buffered.indexOf("\\n")) {
    const command = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    spawn(command, [], { stdio: "ignore" }).once("close", (code) => process.stdout.write(code + "\\n"));
  }
});`;

type Figures = { rssMb: number; wallMs: number; cpuMs: number; helperWallMs: number; helperCpuMs: number };

/** Grows this process to about `mb` MB of RSS: half in small retained JS objects, half in buffers. */
function grow(mb: number, keep: unknown[]): void {
  const target = mb * 1024 * 1024;
  for (let round = 0; process.memoryUsage().rss < target; round++) {
    if (round % 2 === 0) {
      const objects = Array.from({ length: 20_000 }, (_, index) => ({
        index,
        label: `object ${round}:${index}`,
      }));
      keep.push(objects);
    } else keep.push(Buffer.alloc(2 * 1024 * 1024, round));
  }
}

function cpuNow(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function timeSpawns(start: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  for (let index = 0; index < 5; index++) await start();
  const walls: number[] = [];
  const cpuBefore = cpuNow();
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await start();
    walls.push(performance.now() - started);
  }
  return { wallMs: median(walls), cpuMs: (cpuNow() - cpuBefore) / RUNS };
}

function direct(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn("true", [], { stdio: "ignore" });
    child.once("error", reject);
    child.once("close", resolve);
  });
}

/** Sends requests to the helper and resolves them in order as its answers come. */
function helperClient(helper: ChildProcess): () => Promise<unknown> {
  const waiting: Array<() => void> = [];
  let buffered = "";
  helper.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    for (let at = buffered.indexOf("\n"); at !== -1; at = buffered.indexOf("\n")) {
      buffered = buffered.slice(at + 1);
      waiting.shift()?.();
    }
  });
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      helper.stdin!.write("true\n");
    });
}

async function measureOne(mb: number): Promise<Figures> {
  const helper = spawn(process.execPath, ["-e", HELPER], { stdio: ["pipe", "pipe", "inherit"] });
  const viaHelper = helperClient(helper);
  const keep: unknown[] = [];
  grow(mb, keep);
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  const plain = await timeSpawns(direct);
  const helped = await timeSpawns(viaHelper);
  helper.kill();
  if (keep.length < 0) console.log(keep);
  return { rssMb, ...plain, helperWallMs: helped.wallMs, helperCpuMs: helped.cpuMs };
}

async function main(): Promise<void> {
  const size = process.env.SPAWN_BENCH_MB;
  if (size) {
    process.stdout.write(JSON.stringify(await measureOne(Number(size))));
    return;
  }
  const self = fileURLToPath(import.meta.url);
  console.log(
    `spawn("true") and wait, ${RUNS} times per size, node ${process.version}, ${os.cpus().length} cores`,
  );
  const rows: Figures[] = [];
  for (const mb of SIZES_MB) {
    const figures = await new Promise<Figures>((resolve, reject) => {
      let out = "";
      const child = spawn(process.execPath, ["--import", "tsx", self], {
        env: { ...process.env, SPAWN_BENCH_MB: String(mb) },
        stdio: ["ignore", "pipe", "inherit"],
      });
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
      });
      child.once("close", (code) =>
        code === 0 ? resolve(JSON.parse(out) as Figures) : reject(new Error(`size ${mb}: exit ${code}`)),
      );
    });
    rows.push(figures);
    console.log(
      `RSS ${figures.rssMb.toFixed(0).padStart(4)} MB: spawn ${figures.wallMs.toFixed(2)} ms wall, ` +
        `${figures.cpuMs.toFixed(2)} ms CPU (this process) per spawn; through the helper ` +
        `${figures.helperWallMs.toFixed(2)} ms wall, ${figures.helperCpuMs.toFixed(2)} ms CPU`,
    );
  }
  const first = rows[0]!;
  const last = rows.at(-1)!;
  const perHundred = ((last.wallMs - first.wallMs) / (last.rssMb - first.rssMb)) * 100;
  console.log(
    `growth: ${perHundred.toFixed(2)} ms wall per spawn per 100 MB of RSS (the issue: ~5 ms); ` +
      `at ${last.rssMb.toFixed(0)} MB the helper takes ${(last.helperWallMs / last.wallMs).toFixed(2)}× the wall time ` +
      `(load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
}

await main();
