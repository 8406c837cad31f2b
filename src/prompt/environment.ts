// The environment block of the system prompt: working directory, platform, shell, today's date and
// the git state. Pure formatting; the facts are gathered by the caller (see git-info.ts).
import type { GitInfo } from "./git-info.js";

type EnvironmentFacts = {
  cwd: string;
  platform: string;
  shell: string;
  now: Date;
  git: GitInfo;
};

/** Local calendar date as YYYY-MM-DD. */
function formatLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function describeGit(git: GitInfo): string {
  if (git.kind === "none") return "no";
  const where = `yes (root ${git.root}`;
  switch (git.head.kind) {
    case "branch":
      return `${where}, branch ${git.head.name})`;
    case "detached":
      return `${where}, detached HEAD at ${git.head.commit.slice(0, 12)})`;
    case "unknown":
      return `${where})`;
  }
}

export function formatEnvironment(facts: EnvironmentFacts): string {
  return [
    "# Environment (at the start of this session)",
    `- Working directory: ${facts.cwd}`,
    `- Platform: ${facts.platform}`,
    `- Shell: ${facts.shell}`,
    `- Today's date: ${formatLocalDate(facts.now)}`,
    `- Git repository: ${describeGit(facts.git)}`,
  ].join("\n");
}
