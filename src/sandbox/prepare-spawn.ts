// The one entry point every process reagent starts goes through (Bash commands, hooks, MCP stdio
// servers): the environment filter always, and the sandbox when the caller's containment names
// one. The result is what to hand runProcessGroup, plus `finish` for after the process ended. A
// background command is the same: prepare once, keep the process (one bwrap each) as long as it
// runs, finish when it ends; the sandbox lives exactly as long as that process.
import type { EnvironmentRules, RemovedVariable } from "./environment-filter.js";
import { filterEnvironment, NO_PASS_THROUGH } from "./environment-filter.js";
import type { PlaceholderCleanup } from "./placeholder-store.js";
import type { SandboxMechanism } from "./sandbox-availability.js";
import type { SandboxPolicy, SandboxProfile } from "./sandbox-policy.js";
import type { Sandbox, SpawnRequest } from "./sandbox-runtime.js";

export type SpawnContainment =
  /** No OS sandbox (off, or none can start here): only the environment filter. */
  | { kind: "none"; environment?: EnvironmentRules }
  | { kind: "sandbox"; sandbox: Sandbox; policy: SandboxPolicy; environment?: EnvironmentRules };

type SpawnLayer =
  | { kind: "none" }
  | { kind: "sandbox"; mechanism: SandboxMechanism; profile: SandboxProfile };

type PreparedSpawn =
  | {
      kind: "ready";
      layer: SpawnLayer;
      file: string;
      args: string[];
      cwd: string;
      env: Record<string, string>;
      inputPipes: Uint8Array[];
      /** What the filter took out (feed `secretValues(removed)` to the redactor). */
      removed: RemovedVariable[];
      finish(): PlaceholderCleanup;
    }
  /** The sandbox cannot run this request as asked (a missing working folder, a hidden one …). */
  | { kind: "refused"; reason: string };

const NOTHING: PlaceholderCleanup = { removed: [], kept: [] };

export function prepareSpawn(request: SpawnRequest, containment: SpawnContainment): PreparedSpawn {
  const filtered = filterEnvironment(request.env, containment.environment ?? NO_PASS_THROUGH);
  if (containment.kind === "none")
    return {
      kind: "ready",
      layer: { kind: "none" },
      file: request.file,
      args: [...request.args],
      cwd: request.cwd,
      env: filtered.env,
      inputPipes: [],
      removed: filtered.removed,
      finish: () => NOTHING,
    };
  const prepared = containment.sandbox.prepare(request, containment.policy);
  if (prepared.kind === "refused") return prepared;
  const { command } = prepared;
  return {
    kind: "ready",
    layer: {
      kind: "sandbox",
      mechanism: containment.sandbox.active.mechanism,
      profile: containment.policy.profile,
    },
    file: command.file,
    args: command.args,
    cwd: command.cwd,
    env: { ...filtered.env, ...command.envAdditions },
    inputPipes: command.inputPipes,
    removed: filtered.removed,
    finish: command.finish,
  };
}
