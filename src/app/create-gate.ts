// The run's permission gate: the mode (flag, else settings `defaultMode`), every layer's rules plus
// --allowedTools / --disallowedTools, the workspace and its extra folders, where "don't ask again"
// rules are saved, and the PermissionRequest hooks consulted before a question is put. The prompter
// is the front-end's (installed once it exists).
import type { Config, EnvSnapshot } from "../config/index.js";
import { persistAllowRule } from "../config/index.js";
import type { PermissionHookAnswer, Prompter, PromptRequest } from "../contracts/index.js";
import type { PermissionModeState, PermissionRules } from "../permissions/index.js";
import { createPermissionGate, type ManagedPermissionGate } from "../permissions/index.js";
import type { Tracer } from "../util/index.js";
import type { Sandboxing } from "./create-sandboxing.js";
import type { RunOptions } from "./run-options.js";

function permissionRules(settings: Config, options: RunOptions): PermissionRules {
  const { allow, deny, ask } = settings.permissions.rules;
  return {
    allow: [...allow, ...options.allowedTools.map((rule) => ({ rule, source: "--allowedTools" }))],
    deny: [...deny, ...options.disallowedTools.map((rule) => ({ rule, source: "--disallowedTools" }))],
    ask: [...ask],
  };
}

/** Answers the gate's questions through whichever prompter the front-end installs. */
export class PrompterSlot implements Prompter {
  private prompter: Prompter | undefined;

  install(prompter: Prompter): void {
    this.prompter = prompter;
  }

  ask(request: PromptRequest) {
    if (!this.prompter) throw new Error("no permission prompter installed");
    return this.prompter.ask(request);
  }
}

export function createGate(parts: {
  basics: { cwd: string; env: EnvSnapshot; settings: Config; tracer: Tracer };
  options: RunOptions;
  mode: PermissionModeState;
  /** Questions can be put (a terminal, an SDK program's canUseTool, an editor). */
  interactive: boolean;
  prompter: PrompterSlot;
  /** The session's spill folder: long hook context the model is told to Read lives there. */
  spillDir?: string;
  beforeAsk: (request: PromptRequest) => Promise<PermissionHookAnswer>;
  /** After a "don't ask again" rule was saved to the folder's settings (folder trust follows it). */
  onSettingsSaved?: () => Promise<void>;
  /** The run's containment: autoAllowBashIfSandboxed in force; the read-only profile can start on this
   *  machine (the read-only fast path is then enforced by the OS, and wider). */
  sandbox: Pick<Sandboxing, "autoAllowSandboxed" | "readOnlyEnforced" | "gitConfigured">;
}): ManagedPermissionGate {
  const { settings, env, cwd, tracer } = parts.basics;
  const { options } = parts;
  return createPermissionGate({
    mode: parts.mode,
    rules: permissionRules(settings, options),
    cwd,
    homeDir: env.homeDir,
    shellEnv: env.all,
    gitConfigured: parts.sandbox.gitConfigured,
    additionalDirectories: [
      ...settings.permissions.additionalDirectories,
      ...options.addDir,
      ...(parts.spillDir ? [parts.spillDir] : []),
    ],
    interactive: parts.interactive,
    prompter: parts.interactive ? parts.prompter : undefined,
    persistRule: async (rule) => {
      await persistAllowRule(settings.localSettingsPath, rule);
      await parts.onSettingsSaved?.();
    },
    allowWrite: env.allowWrite,
    // Bash's shells inherit this environment: bash keeps $PWD as its folder, CDPATH moves `cd name`.
    inheritedPwd: env.all.PWD,
    cdpath: Boolean(env.all.CDPATH),
    tracer,
    beforeAsk: parts.beforeAsk,
    autoAllowSandboxed: parts.sandbox.autoAllowSandboxed,
    readOnlyEnforced: parts.sandbox.readOnlyEnforced,
  });
}
