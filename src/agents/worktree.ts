// Worktree isolation for a subagent: a temporary `git worktree` of the repository on a new branch
// (`reagent/agent-<id>`) from the current commit, outside the project folder; afterwards it is
// removed with its branch when the agent changed nothing — however it ended: finished, failed or
// stopped — and kept (path and branch reported) otherwise. Uncommitted changes of the main checkout are not in the worktree.
// A WorktreeCreate hook makes the worktree instead (another VCS); such a worktree is removed (by the
// WorktreeRemove hooks) only when git can show it unchanged, and kept otherwise.
import { execFile } from "node:child_process";
import { realpath, stat } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";

export type Worktree = {
  /** The worktree's folder. */
  path: string;
  branch: string;
  /** The commit it was created from. */
  base: string;
  repoRoot: string;
  /** Where the agent starts: the worktree's counterpart of the parent's working directory. */
  cwd: string;
  /** "hook": a WorktreeCreate hook made it (its WorktreeRemove hooks remove it; branch and base may be empty). */
  madeBy: "git" | "hook";
};

/** The WorktreeCreate / WorktreeRemove hooks (`create` only when a WorktreeCreate hook is configured). */
export type WorktreeHooks = {
  create?(name: string): Promise<{ ok: true; path: string } | { ok: false; message: string }>;
  remove(path: string): Promise<unknown>;
};

type WorktreeOutcome = { kept: false } | { kept: true; summary: string };

type Git = (
  args: string[],
  cwd: string,
) => Promise<{ ok: true; stdout: string } | { ok: false; error: string }>;

export function gitRunner(env: Record<string, string | undefined>): Git {
  return (args, cwd) =>
    new Promise((resolve) => {
      execFile("git", args, { cwd, env, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error)
          resolve({ ok: false, error: (String(stderr).trim() || error.message).split("\n")[0] ?? "" });
        else resolve({ ok: true, stdout: String(stdout) });
      });
    });
}

export async function createWorktree(options: {
  cwd: string;
  agentId: string;
  /** Folder that holds the worktrees of this project (outside the project). */
  parentDir: string;
  git: Git;
  hooks?: WorktreeHooks;
}): Promise<{ ok: true; worktree: Worktree } | { ok: false; message: string }> {
  const { git } = options;
  if (options.hooks?.create) return hookWorktree(options, options.hooks.create);
  const top = await git(["rev-parse", "--show-toplevel"], options.cwd);
  if (!top.ok)
    return {
      ok: false,
      message: `isolation "worktree" needs a git repository, and ${options.cwd} is not in one (${top.error})`,
    };
  const repoRoot = await realpath(top.stdout.trim());
  const head = await git(["rev-parse", "--verify", "HEAD"], repoRoot);
  if (!head.ok)
    return { ok: false, message: 'isolation "worktree" needs at least one commit in the repository' };
  const base = head.stdout.trim();
  const branch = `reagent/agent-${options.agentId}`;
  const path = join(options.parentDir, `agent-${options.agentId}`);
  const added = await git(["worktree", "add", "--quiet", "-b", branch, path, base], repoRoot);
  if (!added.ok) return { ok: false, message: `could not create a git worktree at ${path}: ${added.error}` };
  const subdir = relative(repoRoot, await realpath(options.cwd).catch(() => options.cwd));
  const worktreePath = await realpath(path);
  return {
    ok: true,
    worktree: {
      path: worktreePath,
      branch,
      base,
      repoRoot,
      cwd: subdir ? join(worktreePath, subdir) : worktreePath,
      madeBy: "git",
    },
  };
}

/** A worktree a WorktreeCreate hook made: an existing absolute folder; git facts when it is a checkout. */
async function hookWorktree(
  options: { cwd: string; agentId: string; git: Git },
  create: NonNullable<WorktreeHooks["create"]>,
): Promise<{ ok: true; worktree: Worktree } | { ok: false; message: string }> {
  const made = await create(`agent-${options.agentId}`);
  if (!made.ok) return made;
  const folder = await stat(made.path).catch(() => undefined);
  if (!isAbsolute(made.path) || !folder?.isDirectory())
    return {
      ok: false,
      message: `the WorktreeCreate hook printed "${made.path}", which is not an existing absolute folder; it must print the absolute path of the folder it made`,
    };
  const path = await realpath(made.path);
  const head = await options.git(["rev-parse", "--verify", "HEAD"], path);
  const branch = await options.git(["rev-parse", "--abbrev-ref", "HEAD"], path);
  const project = await options.git(["rev-parse", "--show-toplevel"], options.cwd);
  const subdir = project.ok
    ? relative(await realpath(project.stdout.trim()), await realpath(options.cwd).catch(() => options.cwd))
    : "";
  return {
    ok: true,
    worktree: {
      path,
      branch: branch.ok ? branch.stdout.trim() : "",
      base: head.ok ? head.stdout.trim() : "",
      repoRoot: path,
      cwd: subdir ? join(path, subdir) : path,
      madeBy: "hook",
    },
  };
}

/** Removes the worktree and its branch when the agent changed nothing; otherwise keeps both. A
 *  hook-made worktree git cannot inspect is kept (what changed cannot be known). */
export async function finishWorktree(
  worktree: Worktree,
  git: Git,
  hooks?: WorktreeHooks,
): Promise<WorktreeOutcome> {
  if (worktree.madeBy === "hook" && !worktree.base)
    return {
      kept: true,
      summary: `The agent worked in ${worktree.path}, made by the project's WorktreeCreate hook. It is not a git checkout, so reagent cannot tell what changed and keeps it; review it there and remove it when done.`,
    };
  const status = await git(["status", "--porcelain", "--untracked-files=all"], worktree.path);
  const commits = await git(["rev-list", "--count", `${worktree.base}..HEAD`], worktree.path);
  const changed = status.ok
    ? status.stdout.split("\n").filter((line) => line.trim() !== "")
    : ["(status unknown)"];
  const committed = commits.ok ? Number(commits.stdout.trim()) || 0 : 0;
  if (changed.length === 0 && committed === 0) {
    await hooks?.remove(worktree.path);
    if (worktree.madeBy === "hook") return { kept: false };
    await git(["worktree", "remove", "--force", worktree.path], worktree.repoRoot);
    await git(["worktree", "prune"], worktree.repoRoot);
    await git(["branch", "-D", worktree.branch], worktree.repoRoot);
    return { kept: false };
  }
  const files = changed.slice(0, 20).map((line) => `  ${line}`);
  if (changed.length > 20) files.push(`  … ${changed.length - 20} more`);
  const parts = [
    `The agent's work is in the git worktree ${worktree.path} on branch ${worktree.branch} (from ${worktree.base.slice(0, 12)}).`,
  ];
  if (committed > 0) parts.push(`${committed} new commit${committed === 1 ? "" : "s"} on the branch.`);
  if (changed.length > 0) parts.push(`Uncommitted changes:\n${files.join("\n")}`);
  parts.push(
    "Review and merge them from there (e.g. git diff, git merge or cherry-pick); the worktree stays until you remove it (git worktree remove).",
  );
  return { kept: true, summary: parts.join("\n") };
}
