// Remote marketplaces and plugins are cloned with the user's own git into reagent's plugin cache
// (~/.agents/plugins/…), once; a refresh fetches and resets to what the remote has. Offline-tolerant:
// when a refresh fails the cached copy is used and the failure is a notice; only a clone that fails
// with no cached copy is a problem. git runs without a terminal prompt and with a time limit.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensureFolderSync, errorMessage } from "../util/index.js";

export type GitEnv = Readonly<Record<string, string | undefined>>;
type CloneResult = { ok: true; dir: string; notice?: string } | { ok: false; problem: string };

const TIMEOUT_MS = 120_000;

function git(args: string[], env: GitEnv, cwd?: string): void {
  execFileSync("git", args, {
    cwd,
    env: { ...env, GIT_TERMINAL_PROMPT: "0" },
    stdio: ["ignore", "ignore", "pipe"],
    timeout: TIMEOUT_MS,
  });
}

function gitFailure(error: unknown): string {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
  return stderr ? (stderr.split("\n").at(-1) ?? stderr) : errorMessage(error);
}

/** `dir` holds a clone of `url` (at `ref`): cloned when absent, refreshed when `refresh` is set. */
export function ensureClone(
  url: string,
  ref: string | undefined,
  dir: string,
  env: GitEnv,
  refresh: boolean,
): CloneResult {
  const cached = statSync(join(dir, ".git"), { throwIfNoEntry: false }) !== undefined;
  if (!cached) {
    try {
      ensureFolderSync(dirname(dir));
      git(["clone", "--quiet", "--depth", "1", ...(ref ? ["--branch", ref] : []), "--", url, dir], env);
      return { ok: true, dir };
    } catch (error) {
      return { ok: false, problem: `git clone ${url} failed: ${gitFailure(error)}` };
    }
  }
  if (!refresh) return { ok: true, dir };
  try {
    git(["fetch", "--quiet", "--depth", "1", "origin", ref ?? "HEAD"], env, dir);
    git(["reset", "--quiet", "--hard", "FETCH_HEAD"], env, dir);
    return { ok: true, dir };
  } catch (error) {
    return {
      ok: true,
      dir,
      notice: `could not refresh ${url} (${gitFailure(error)}); using the cached copy in ${dir}`,
    };
  }
}
