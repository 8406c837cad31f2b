// Spawns the real, built CLI (bin/reagent.js → dist/) with a clean environment: no real API keys,
// a temp HOME, and only the variables a test passes.
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { tempFolder } from "./temp-folder.js";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
export const BIN = join(REPO_ROOT, "bin", "reagent.js");

export type CliRun = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export type CliOptions = {
  cwd: string;
  env?: Record<string, string>;
  stdin?: string;
  /** Leave stdin open and silent (a caller that spawns with default pipes and never writes). */
  keepStdinOpen?: boolean;
  timeoutMs?: number;
  /** Called with the child once spawned (to send signals). */
  onSpawn?: (child: import("node:child_process").ChildProcess) => void;
};

export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: tempFolder("home"),
    NO_COLOR: "1",
    // MCP fixture servers start through tsx, which takes seconds on a busy machine (tests may lower it).
    MCP_TIMEOUT: "60000",
    ...extra,
  };
}

export function runCli(args: string[], options: CliOptions): Promise<CliRun> {
  return runProgram(process.execPath, [BIN, ...args], options);
}

/** Runs any program the way runCli runs reagent: output collected, a time limit, stdin as asked. */
export function runProgram(command: string, args: string[], options: CliOptions): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 30_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolvePromise({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child);
    if (options.keepStdinOpen) return;
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}
