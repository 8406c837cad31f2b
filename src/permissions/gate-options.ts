// What the permission gate is built from (the mode, the rules, the workspace, the Bash tool's shell
// facts, who can be asked and what is told about it) and the shared part its decision steps
// (gate-decide.ts, gate-prompt.ts) work with.

import type { GitConfiguredPaths, Tracer } from "../util/index.js";
import type { PermissionModeState } from "./mode-state.js";
import type {
  PermissionDecision,
  PermissionHookAnswer,
  PermissionMode,
  PermissionRules,
  Prompter,
  PromptRequest,
  RuleBehavior,
} from "./types.js";

export type Env = Readonly<Record<string, string | undefined>>;

export type PermissionGateOptions = {
  /** The mode now: an initial mode, or the session's mode state (shared with the hooks engine). */
  mode: PermissionMode | PermissionModeState;
  rules: PermissionRules;
  /** The project root: relative paths and `/path` rules resolve against it. */
  cwd: string;
  homeDir: string;
  /** The Bash tool's environment: strict fast-path git's configuration (drivers to replace) is read in it. */
  shellEnv: Env;
  /** What git's configuration names outside `.git` at some roots (included files, core.hooksPath):
   *  writing them asks like writing `.git/config` (util's createGitConfiguredPaths, shared with the
   *  sandbox's policies). */
  gitConfigured: (roots: readonly string[]) => GitConfiguredPaths;
  /** `permissions.additionalDirectories` and `--add-dir` (absolute, relative to cwd, or `~/…`). */
  additionalDirectories: string[];
  interactive: boolean;
  prompter?: Prompter;
  /** Saves a "don't ask again" rule (to `.agents/settings.local.json`). */
  persistRule?: (rule: string) => Promise<void>;
  /** ALLOW_WRITE=1: headless runs may use write tools inside the workspace. */
  allowWrite?: boolean;
  /** The $PWD the Bash tool's shells inherit (bash keeps it as its logical folder when it names the same folder). */
  inheritedPwd?: string;
  /** CDPATH is set in that environment (`cd name` may then go elsewhere). */
  cdpath?: boolean;
  /** The sandbox's read-only profile can start here: the fast path may then cover every command the
   *  analysis finds read-only ("enforced"); else only the strict allow-list of known-safe forms. */
  readOnlyEnforced?: boolean;
  tracer: Tracer;
  /** Problems the user should see that do not stop the call (e.g. a rule that could not be saved). */
  onWarning?: (message: string) => void;
  /** Consulted when a question is about to be put (a prompt, or the headless policy's denial; never
   *  in dontAsk): the PermissionRequest hooks. An allow or deny answers the question. */
  beforeAsk?: (request: PromptRequest) => Promise<PermissionHookAnswer>;
  /** `autoAllowBashIfSandboxed` with the sandbox on and able to start: a Bash call that runs contained
   *  (`sandboxIntent: "contained"`) is allowed unless a deny or ask rule (or a hook's ask) applies. */
  autoAllowSandboxed?: boolean;
};

/** The gate's shared part for its decision steps, the same for the main conversation and every subagent. */
export type GateCore = {
  options: PermissionGateOptions;
  /** The environment strict fast-path git reads its drivers in (the shells' own, HOME the gate's). */
  gitEnv: Env;
  /** Adds a rule for the rest of the session (throws a UsageError for an invalid one). */
  addRule(behavior: RuleBehavior, rule: string, source?: string): void;
  /** Runs `step` once every question put before it has been answered: one prompt at a time. */
  inTurn(step: () => Promise<PermissionDecision>): Promise<PermissionDecision>;
};
