// Which containment a call's processes get — decided here and nowhere else. Before the gate, a Bash
// call's plan: in the sandbox, outside it at the model's request (`dangerouslyDisableSandbox`), an
// `excludedCommands` line, or no sandbox at all; the gate hears the first two (SandboxIntent). After
// the gate: the read-only profile for a call allowed only because its analysis filed it read-only
// (wherever a sandbox can start, in every mode), the workspace-write profile for a contained call
// with the sandbox on, and none otherwise.
import type { Containment, SandboxIntent } from "../../contracts/index.js";
import type { PermissionDecision } from "../../permissions/index.js";

/** What the runner knows of the run's sandbox. */
export type SandboxFacts = {
  /** A sandbox can start here (the probe found one): the read-only fast path runs in it. */
  canStart: boolean;
  /** `sandbox.enabled` or `--sandbox`, and a sandbox can start: commands run in workspace-write. */
  on: boolean;
  /** `allowUnsandboxedCommands`: a person may let a command leave the sandbox. */
  mayLeave: boolean;
  /** Every command of this Bash line (run from `cwd`) is covered by `excludedCommands`. */
  excluded(command: string, cwd: string): boolean;
};

export type CommandPlan =
  /** Not a Bash command (nothing of it runs in a shell). */
  | "no-command"
  | "contained"
  | "leave-requested"
  | "excluded"
  /** The sandbox is off or cannot start. */
  | "uncontained";

export function commandPlan(
  toolName: string,
  input: Record<string, unknown>,
  facts: SandboxFacts,
  cwd: string,
): CommandPlan {
  if (toolName !== "Bash") return "no-command";
  if (!facts.on) return "uncontained";
  if (facts.mayLeave && input.dangerouslyDisableSandbox === true) return "leave-requested";
  const command = input.command;
  if (typeof command === "string" && facts.excluded(command, cwd)) return "excluded";
  return "contained";
}

/** What the gate is told about the plan (undefined: nothing sandbox-specific to decide). */
export function sandboxIntent(plan: CommandPlan): SandboxIntent | undefined {
  return plan === "contained" || plan === "leave-requested" ? plan : undefined;
}

/** The containment of an allowed call. */
export function chooseContainment(
  plan: CommandPlan,
  decision: Extract<PermissionDecision, { behavior: "allow" }>,
  facts: SandboxFacts,
): Containment {
  if (!facts.canStart) return "none";
  if (decision.readOnlyFastPath === true) return "read-only";
  if (plan === "contained") return "workspace-write";
  return "none";
}
