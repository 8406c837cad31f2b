// The private git every checkpoint lives in: a repository of reagent's own outside the project (its
// GIT_DIR, its index file, the project folder as the work tree), so snapshots never touch the
// project's `.git`, index or stash. Git runs with no system or global configuration (no fsmonitor
// program, no filters, no line-ending conversion from the user's files) and with the caller's other
// GIT_* variables removed; the project's `.gitignore` files still apply, no excludes file does.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { join } from "node:path";
import { ensureFolderSync } from "../util/index.js";

type PrivateGitPaths = {
  /** The private repository (created on first use). */
  gitDir: string;
  /** The private index: the stat cache that makes an unchanged tree cheap to snapshot. */
  indexFile: string;
  /** The project folder. */
  workTree: string;
};

/** `signal`: ends git with SIGTERM (git removes the lock files it holds) and rejects. `background`:
 *  git runs at a lower CPU priority (work nobody waits for yet yields to the agent's own). */
type GitRunOptions = {
  input?: Buffer | string;
  indexFile?: string;
  signal?: AbortSignal;
  background?: boolean;
};

/** The niceness of background git: below every process of the agent's, not idle-only. */
const BACKGROUND_NICENESS = 10;

export type GitRun = {
  (args: readonly string[], options?: GitRunOptions): Promise<Buffer>;
  readonly paths: PrivateGitPaths;
};

class GitFailure extends Error {
  override readonly name = "GitFailure";
}

/** Attributes that keep every file's bytes as they are (they win over the project's .gitattributes). */
const RAW_BYTES = "* -text -filter -ident -working-tree-encoding\n";

const CONFIG = [
  ["core.autocrlf", "false"],
  ["core.fsmonitor", "false"],
  ["core.symlinks", "true"],
  ["core.quotePath", "false"],
  ["gc.auto", "0"],
] as const;

/** git reads `$XDG_CONFIG_HOME/git/ignore` (else `~/.config/git/ignore`) when no configuration names
 *  an excludes file, also with GIT_CONFIG_GLOBAL=/dev/null: only the project's .gitignore files may
 *  keep a file out of a snapshot, whatever the user's machine holds. */
const NO_EXCLUDES_FILE = ["-c", "core.excludesFile=/dev/null"] as const;

/** A git runner over the private repository; `prepare()` must have run once before. */
export function privateGit(paths: PrivateGitPaths, baseEnv: Record<string, string | undefined>): GitRun {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(baseEnv))
    if (value !== undefined && !name.startsWith("GIT_")) env[name] = value;
  Object.assign(env, {
    GIT_DIR: paths.gitDir,
    GIT_WORK_TREE: paths.workTree,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    LC_ALL: "C",
  });
  const run = (args: readonly string[], options: GitRunOptions = {}) =>
    new Promise<Buffer>((resolve, reject) => {
      const child = spawn("git", [...NO_EXCLUDES_FILE, ...args], {
        cwd: paths.workTree,
        env: { ...env, GIT_INDEX_FILE: options.indexFile ?? paths.indexFile },
        stdio: ["pipe", "pipe", "pipe"],
        signal: options.signal,
      });
      if (options.background && child.pid !== undefined) lowerPriority(child.pid);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
      child.on("error", (error) =>
        reject(options.signal?.aborted ? error : new GitFailure(`could not run git: ${error.message}`)),
      );
      child.on("close", (code) => {
        if (code === 0) resolve(Buffer.concat(out));
        else {
          const said = Buffer.concat(err).toString("utf8").trim().split("\n").slice(-3).join(" ");
          reject(new GitFailure(`git ${args[0]} failed (exit ${code}): ${said}`));
        }
      });
      child.stdin.on("error", () => {});
      child.stdin.end(options.input ?? "");
    });
  return Object.assign(run, { paths });
}

function lowerPriority(pid: number): void {
  try {
    setPriority(pid, BACKGROUND_NICENESS);
  } catch {
    // Not permitted or already gone: it runs at the usual priority.
  }
}

/** Creates the private repository when it is missing (idempotent). */
export async function preparePrivateGit(git: GitRun): Promise<void> {
  const { gitDir } = git.paths;
  if (existsSync(join(gitDir, "HEAD"))) return;
  ensureFolderSync(gitDir, { mode: 0o700 });
  await git(["init", "--quiet"]);
  // Written as text (git reads a section given twice as one): one spawn of `git config` per key
  // cost a first snapshot some 50 ms.
  const lines = CONFIG.map(([key, value]) => {
    const dot = key.lastIndexOf(".");
    return `[${key.slice(0, dot)}]\n\t${key.slice(dot + 1)} = ${value}\n`;
  });
  await appendFile(join(gitDir, "config"), lines.join(""));
  ensureFolderSync(join(gitDir, "info"));
  await writeFile(join(gitDir, "info", "attributes"), RAW_BYTES);
}

/** Splits NUL-separated git output. */
export function nulFields(output: Buffer): string[] {
  const text = output.toString("utf8");
  const fields = text.split("\0");
  if (fields[fields.length - 1] === "") fields.pop();
  return fields;
}
