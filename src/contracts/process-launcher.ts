// The one seam every process reagent starts goes through (Bash commands, hooks, MCP stdio servers):
// a request and a containment in, what to spawn out — the environment filtered, and the command
// wrapped in the OS sandbox when the containment names a profile. The sandbox module implements it;
// the spawning modules receive one and never decide containment mechanics themselves.
import type { Containment } from "./containment.js";

export type LaunchRequest = {
  file: string;
  args: readonly string[];
  /** The working folder (absolute). */
  cwd: string;
  /** The child's environment before filtering. */
  env: Readonly<Record<string, string | undefined>>;
  /** Output pipes beyond stdout and stderr the caller opens (fd 3 …); the launch's input pipes follow. */
  outputPipes?: number;
  /** Variables the user's own configuration names for this process (a user MCP server's `env`):
   *  they pass the environment filter. */
  pass?: readonly string[];
};

export type Launch =
  | {
      kind: "ready";
      /** What actually contains the process (a profile only where a sandbox runs it). */
      containment: Containment;
      file: string;
      args: string[];
      cwd: string;
      env: Record<string, string>;
      /** Bytes for the pipes after the caller's output pipes (bwrap's seccomp program). */
      inputPipes: Uint8Array[];
      /** Call once the process (and its group) has ended: removes what the sandbox put in place. */
      finish(): void;
    }
  /** The containment asked for cannot be given (no sandbox here, a hidden working folder …). */
  | { kind: "refused"; reason: string };

export type ProcessLauncher = {
  prepare(request: LaunchRequest, containment: Containment): Launch;
  /** The same launcher with `root` as the project folder (a subagent working in a git worktree). */
  within(root: string): ProcessLauncher;
};

/** Replaces secrets in text on its way to the model, the transcript or a hook. */
export type Redact = (text: string) => string;
