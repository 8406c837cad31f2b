// How a process reagent starts is contained, as the gate and the process runner agree on it: the
// sandbox's read-only profile (a Bash call the gate allowed only because it looked read-only), the
// workspace-write profile (the rest, when the sandbox is on; hooks and MCP servers a project's own
// files bring), or none (no sandbox can start, or off: the environment filter still applies).
// `SandboxIntent` is what the runner tells the gate about a Bash call before it is decided.
export type Containment = "read-only" | "workspace-write" | "none";

export type SandboxIntent =
  /** The call, if allowed, runs in the workspace-write sandbox (autoAllowBashIfSandboxed may allow it). */
  | "contained"
  /** The model asked to run it outside the sandbox (`dangerouslyDisableSandbox`): only a person may allow it. */
  | "leave-requested";
