// Checkpoints: snapshots of the workspace in a private git repository before each prompt's first
// change, and rewinding code (and, through the session, the conversation) to before a prompt.
import { join } from "node:path";
import { CHECKPOINT_FILE, CheckpointLog } from "./checkpoint-log.js";
import { Checkpoints } from "./checkpoints.js";
import { privateGit } from "./private-git.js";

export type { PromptEntry } from "./checkpoint-history.js";
export { CheckpointLog } from "./checkpoint-log.js";
export { Checkpoints } from "./checkpoints.js";
export type { CodeRewindPlan } from "./code-rewind.js";
export { takeSnapshot } from "./take-snapshot.js";

export type OpenCheckpoints = {
  /** The project's private store (`<state>/checkpoints/<project-key>`): repository and index. */
  storeDir: string;
  /** The project folder (the snapshots' work tree). */
  workTree: string;
  /** The session's folder: its checkpoint log goes there. */
  sessionDir: string;
  env: Record<string, string | undefined>;
  maxFileBytes?: number;
  warn: (message: string) => void;
};

export function openCheckpoints(options: OpenCheckpoints): Checkpoints {
  const git = privateGit(
    {
      gitDir: join(options.storeDir, "git"),
      indexFile: join(options.storeDir, "index"),
      workTree: options.workTree,
    },
    options.env,
  );
  const log = new CheckpointLog(join(options.sessionDir, CHECKPOINT_FILE), options.warn);
  return new Checkpoints({ git, log, maxFileBytes: options.maxFileBytes, warn: options.warn });
}
export { describeConflicts, describePlan, describeResult, formatPromptList } from "./rewind-text.js";
