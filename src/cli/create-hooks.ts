// Builds the run's hooks engine from the loaded settings layers: where its files go, how payloads
// name the transcript, how `if` rules match, and where notices go (the session, or the start-up
// list while the session does not exist yet).
import { createHookEngine, type HookEngine, loadHookConfig } from "../hooks/index.js";
import { matchRule } from "../permissions/match-rule.js";
import { validateRule } from "../permissions/rule.js";
import type { Session } from "../session/session.js";
import { spillDirFor } from "../transcript/session-files.js";
import type { TranscriptStore } from "../transcript/transcript-store.js";
import type { Basics } from "./compose.js";
import { configStep } from "./config-step.js";
import { promptHookModel } from "./prompt-hook-model.js";

export function createHooks(
  basics: Basics,
  sessionId: string,
  permissionMode: () => string,
  sink: { session?: Session; early?: string[]; transcript?: TranscriptStore },
  contextDir = spillDirFor(sessionId),
  setup?: "init" | "maintenance",
): HookEngine {
  const { settings, env, cwd, tracer } = basics;
  const config = configStep(() =>
    loadHookConfig({
      settings: settings.layers,
      compactFiles: settings.compactHooks,
      disabled: env.hooksDisabled,
      projectDir: cwd,
      validateRule,
    }),
  );
  for (const warning of config.warnings) sink.early?.push(warning);
  return configStep(() =>
    createHookEngine({
      config,
      projectDir: cwd,
      sessionId,
      baseEnv: env.all,
      spillDir: contextDir,
      envDir: spillDirFor(sessionId),
      tracer,
      permissionMode,
      transcriptPath: () => sink.transcript?.path ?? null,
      matchRule: (rule, toolName, toolInput) =>
        matchRule(rule, toolName, toolInput, { cwd, homeDir: env.homeDir }),
      validateRule,
      onEvent: (event) => sink.session?.hookRun(event),
      askModel: promptHookModel(basics, sink),
      ...(setup ? { setupTrigger: setup } : {}),
      onNotice: (notice) => {
        if (sink.session) sink.session.notice(notice);
        else sink.early?.push(notice.text);
      },
    }),
  );
}
