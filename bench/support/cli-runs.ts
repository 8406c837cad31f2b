// Shared pieces of the CLI benchmarks: spawning and timing a process, a headless run against the
// fake model server, medians, and a private copy of a build (bin/ + dist/) so other processes
// rebuilding dist/ mid-run cannot disturb a benchmark.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Script } from "../../src/providers/script-format.js";
import { startFakeModelServer } from "../../test/support/fake-model-server.js";

const RUN_TIMEOUT_MS = 30_000;

export type Spawned = { ms: number; code: number | null; stdout: string; stderr: string };

/** Runs a command to completion (killed after 30 s) and times it from spawn to exit. `onSpawn`
 * receives the performance.now() at spawn, for callers that time events against it. */
export function timed(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    onSpawn?: (at: number) => void;
    /** The child's process id, right after it was spawned. */
    onPid?: (pid: number) => void;
    /** Each complete stderr line with the performance.now() at which it arrived. */
    onStderrLine?: (line: string, at: number) => void;
  } = {},
): Promise<Spawned> {
  return new Promise<Spawned>((resolve, reject) => {
    const started = performance.now();
    options.onSpawn?.(started);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (child.pid !== undefined) options.onPid?.(child.pid);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    let partial = "";
    child.stderr.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      stderr += text;
      if (!options.onStderrLine) return;
      const at = performance.now();
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) options.onStderrLine(line, at);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", () => {
      // The moment the process ended; `close` (all pipes drained) follows.
      (child as { exitedAt?: number }).exitedAt = performance.now();
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const ended = (child as { exitedAt?: number }).exitedAt ?? performance.now();
      resolve({ ms: ended - started, code, stdout, stderr });
    });
  });
}

/** The built CLI (`bin`) run headless with `args` against a fake Anthropic server of its own that
 *  plays `script`, in `cwd` with `home` as HOME (plus `env`); timed as `timed` times it. A run that
 *  fails throws with its error output. */
export async function headlessRun(
  bin: string,
  args: string[],
  options: {
    cwd: string;
    home: string;
    script: Script;
    env?: NodeJS.ProcessEnv;
    onStderrLine?: (line: string, at: number) => void;
  },
): Promise<Spawned> {
  const server = await startFakeModelServer(options.script, { keepRequests: 1 });
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: options.home,
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: server.anthropicBaseURL,
      ...options.env,
    };
    const result = await timed(process.execPath, [bin, ...args], {
      cwd: options.cwd,
      env,
      onStderrLine: options.onStderrLine,
    });
    if (result.code !== 0)
      throw new Error(
        `reagent ${args.join(" ")} failed (exit ${result.code})\n${result.stderr.slice(0, 2000)}`,
      );
    return result;
  } finally {
    await server.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mark = (ok: boolean) => (ok ? "ok" : "OVER TARGET");

/** Copies `from`'s bin/reagent.js, dist/ and package.json to a fresh temp folder (node_modules
 * linked, for the externals) and returns the copied bin path and a remover. */
export function snapshotBuild(from: string, label: string): { bin: string; remove: () => void } {
  if (!existsSync(path.join(from, "dist", "cli.js"))) {
    throw new Error(
      `${from}/dist/cli.js is missing: run \`npm run build\` (or \`npm run bench\`, which builds) first`,
    );
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), `reagent-bench-${label}-`));
  const bin = path.join(folder, "bin", "reagent.js");
  mkdirSync(path.join(folder, "bin"));
  cpSync(path.join(from, "bin", "reagent.js"), bin);
  cpSync(path.join(from, "dist"), path.join(folder, "dist"), { recursive: true });
  cpSync(path.join(from, "package.json"), path.join(folder, "package.json"));
  symlinkSync(path.join(from, "node_modules"), path.join(folder, "node_modules"), "dir");
  return { bin, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
