// The ProcessLauncher (contracts/process-launcher.ts) over prepareSpawn: the run's sandbox (absent
// where none can start), the policy of each profile built per launch from the current workspace (it
// can widen during a session), and the environment rules. A profile asked for where no sandbox runs
// is refused, never run unsandboxed in its place.
import type { Containment, Launch, LaunchRequest, ProcessLauncher } from "../contracts/index.js";
import type { EnvironmentRules, RemovedVariable } from "./environment-filter.js";
import type { PlaceholderCleanup } from "./placeholder-store.js";
import { prepareSpawn, type SpawnContainment } from "./prepare-spawn.js";
import type { PolicyResult, SandboxPolicy, SandboxProfile } from "./sandbox-policy.js";
import type { Sandbox } from "./sandbox-runtime.js";

type LauncherOptions = {
  /** The run's sandbox; absent where none can start (then only "none" launches). */
  sandbox?: Sandbox;
  /** The policy of a profile with `project` as the first workspace root. */
  policy: (profile: SandboxProfile, project: string) => PolicyResult<SandboxPolicy>;
  environment: EnvironmentRules;
  /** The project folder (the first workspace root). */
  project: string;
  /** What the environment filter took out of a launch (the redactor learns the values). */
  onRemoved?: (removed: readonly RemovedVariable[]) => void;
  /** A placeholder that could not be removed after a command (someone put a file into it). */
  onLeftover?: (cleanup: PlaceholderCleanup) => void;
};

export type RunLauncher = ProcessLauncher & {
  /** Finishes every launch not finished yet (at close and exit: no placeholder outlives the run). */
  finishAll(): void;
};

export function createProcessLauncher(options: LauncherOptions): RunLauncher {
  const unfinished = new Set<() => void>();
  const containmentFor = (
    containment: Containment,
    project: string,
    pass: readonly string[],
  ): SpawnContainment | { refused: string } => {
    const environment =
      pass.length === 0 ? options.environment : { pass: [...options.environment.pass, ...pass] };
    if (containment === "none") return { kind: "none", environment };
    const { sandbox } = options;
    if (sandbox === undefined) return { refused: `no sandbox can start here for the ${containment} profile` };
    const built = options.policy(containment, project);
    if (built.kind === "invalid")
      return { refused: `the sandbox settings cannot be used: ${built.problems.join("; ")}` };
    return { kind: "sandbox", sandbox, policy: built.policy, environment };
  };
  const within = (project: string): ProcessLauncher => ({
    prepare(request: LaunchRequest, containment: Containment): Launch {
      const spawn = containmentFor(containment, project, request.pass ?? []);
      if ("refused" in spawn) return { kind: "refused", reason: spawn.refused };
      const prepared = prepareSpawn(request, spawn);
      if (prepared.kind === "refused") return prepared;
      if (prepared.removed.length > 0) options.onRemoved?.(prepared.removed);
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        unfinished.delete(finish);
        const cleanup = prepared.finish();
        if (cleanup.kept.length > 0) options.onLeftover?.(cleanup);
      };
      unfinished.add(finish);
      return {
        kind: "ready",
        containment: prepared.layer.kind === "sandbox" ? prepared.layer.profile : "none",
        file: prepared.file,
        args: prepared.args,
        cwd: prepared.cwd,
        env: prepared.env,
        inputPipes: prepared.inputPipes,
        finish,
      };
    },
    within,
  });
  return {
    ...within(options.project),
    finishAll() {
      for (const finish of [...unfinished]) finish();
    },
  };
}
