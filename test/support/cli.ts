// Spawns the real, built CLI (bin/reagent.js → dist/) with a clean environment: no real API keys,
// a temp HOME, and only the variables a test passes.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { killAtExit } from "./processes.js";
import { tempFolder } from "./temp-folder.js";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
export const BIN = join(REPO_ROOT, "bin", "reagent.js");

export type CliRun = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export type RunOptions = {
  cwd: string;
  env?: Record<string, string>;
  stdin?: string;
  /** Leave stdin open and silent (a caller that spawns with default pipes and never writes). */
  keepStdinOpen?: boolean;
  timeoutMs?: number;
  /** Called with the child once spawned (to send signals). */
  onSpawn?: (child: import("node:child_process").ChildProcess) => void;
};

/** A child's environment: the variables a test passes, always with a PATH and a (temp) HOME. */
export type CliEnv = Record<string, string> & { PATH: string; HOME: string };

export function cleanEnv(extra: Record<string, string> = {}): CliEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: tempFolder("home"),
    NO_COLOR: "1",
    // MCP fixture servers start through tsx, which takes seconds on a busy machine (tests may lower it).
    MCP_TIMEOUT: "60000",
    ...extra,
  };
}

/** cleanEnv plus `~/.claude/settings.json` in its temp HOME holding `settings`; with `server`, pointed
 *  at that fake model server. */
export function envWithClaudeSettings(
  settings: unknown,
  server?: { anthropicBaseURL: string },
  extra: Record<string, string> = {},
): CliEnv {
  const env = cleanEnv({
    ...(server ? { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.anthropicBaseURL } : {}),
    ...extra,
  });
  mkdirSync(join(env.HOME, ".claude"), { recursive: true });
  writeFileSync(join(env.HOME, ".claude", "settings.json"), JSON.stringify(settings));
  return env;
}

/** `-p PROMPT --output-format json` in `cwd` with `env` (a minute's limit for a loaded machine). */
export function runJson(prompt: string, cwd: string, env: Record<string, string>, extra: string[] = []) {
  return runCli(["-p", prompt, "--output-format", "json", ...extra], { cwd, env, timeoutMs: 60_000 });
}

export function runCli(args: string[], options: RunOptions): Promise<CliRun> {
  return runProgram(process.execPath, [BIN, ...args], options);
}

/** Runs any program the way runCli runs reagent: output collected, a time limit, stdin as asked. */
export function runProgram(command: string, args: string[], options: RunOptions): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    killAtExit(child);
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
