// What stands between the model and the machine, built once the hooks exist: the gate (its
// questions answered by whichever prompter the front-end installs; PermissionRequest hooks first)
// and the containment of the session's calls (the sandboxing's launcher over the gate's workspace).
// The folder's applied configuration is recorded here, so the next start can tell a change made
// while sandboxed commands ran (app/sandbox-changes.ts).
import { fastPathNotice, type ManagedPermissionGate } from "../permissions/index.js";
import type { CallContainment } from "../tools/index.js";
import { errorMessage } from "../util/index.js";
import { configStep } from "./config-step.js";
import { createGate, PrompterSlot } from "./create-gate.js";
import type { Oversight } from "./create-oversight.js";
import { permissionHookBridge } from "./permission-hooks.js";
import { recordApplied } from "./sandbox-changes.js";
import type { RunRecords, RunStart } from "./start-run.js";

export type Guard = {
  prompter: PrompterSlot;
  gate: ManagedPermissionGate;
  containment: CallContainment;
};

export async function createGuard(
  start: RunStart,
  records: RunRecords,
  oversight: Pick<Oversight, "mode" | "hooks">,
): Promise<Guard> {
  const { options, basics, interactive, sandboxing, decided } = start;
  const { cwd, env } = basics;
  const { transcript } = records;
  // A permission prompt tool answers the questions a terminal would (the front-end installs the prompter).
  const questions = interactive || options.permissionPromptTool !== undefined;
  const prompter = new PrompterSlot();
  const gate = configStep(() =>
    createGate({
      basics,
      options,
      mode: oversight.mode,
      interactive: questions,
      prompter,
      spillDir: transcript.contextDir,
      beforeAsk: permissionHookBridge({ hooks: oversight.hooks, interactive }),
      onSettingsSaved: records.refreshTrust,
      sandbox: sandboxing,
    }),
  );
  // Which guarantee the read-only fast path has, said once where a person is watching.
  if (interactive) start.startupWarnings.push(fastPathNotice(gate.fastPath));
  if (decided.trust.apply)
    await recordApplied(
      { cwd, homeDir: env.homeDir },
      { hash: decided.subjectHash, sandboxed: sandboxing.facts.on, roots: gate.workspaceRoots },
    ).catch((error: unknown) =>
      start.warn(`could not record the folder's applied configuration: ${errorMessage(error)}`),
    );
  const containment = {
    launcher: sandboxing.sessionLauncher(gate, transcript.contextDir),
    sandbox: sandboxing.facts,
    redact: sandboxing.redact,
  };
  return { prompter, gate, containment };
}
