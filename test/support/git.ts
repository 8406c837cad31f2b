// Real git for tests that need a repository (worktree isolation): `git` runs one command with a fixed
// author, so commits work on a machine without a git identity; `commitAll` makes a folder a repository
// whose first commit holds what is in it.
import { execFileSync } from "node:child_process";

const IDENTITY = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@t",
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, ...IDENTITY } });
}

/** `git init` + one commit of everything in `dir`. */
export function commitAll(dir: string): void {
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "init");
}
