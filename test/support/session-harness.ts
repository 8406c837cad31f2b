// Builds a real Session the way the CLI does (real hooks engine, real gate, built-in tools, real
// temp workspace) around the scripted model, for session-level tests.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMode, Prompter } from "../../src/permissions/types.js";
import type { Script } from "../../src/providers/script-format.js";
import { createScriptedClient } from "../../src/providers/scripted.js";
import { ContextManager, type ContextSettings } from "../../src/session/context-manager.js";
import type { SessionEvent } from "../../src/session/events.js";
import { Session, type SessionOptions } from "../../src/session/session.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { createFileStateStore } from "../../src/tools/file-state.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import type { Tool } from "../../src/tools/tool.js";
import { recordTranscript } from "../../src/transcript/transcript-recorder.js";
import type { TranscriptSink } from "../../src/transcript/transcript-store.js";
import { noopTracer } from "../../src/util/trace.js";
import { createTestHookEngine } from "./hook-engine.js";
import { createTestGate, type TestRules } from "./test-gate.js";

export type HarnessOptions = {
  cwd: string;
  script: Script;
  /** Claude-format settings objects (each one layer) and compact hooks files. */
  settings?: Array<Record<string, unknown>>;
  compactHooks?: Array<Record<string, unknown>>;
  extraTools?: Tool[];
  mode?: PermissionMode;
  /** Makes the gate interactive: "ask" becomes a question to this prompter. */
  prompter?: Prompter;
  rules?: TestRules;
  context?: Omit<ContextSettings, "window"> & { window: number };
  summaryScript?: Script;
  /** Where the session's history is recorded (through the same subscriber the CLI wires). */
  transcript?: TranscriptSink;
  history?: SessionOptions["history"];
  compactionContext?: SessionOptions["compactionContext"];
  modelFacts?: SessionOptions["modelFacts"];
};

export function createTestSession(options: HarnessOptions) {
  const events: SessionEvent[] = [];
  const model = createScriptedClient({ script: options.script });
  const sink: { session?: Session } = {};
  const hooks = createTestHookEngine(
    { projectDir: options.cwd, settings: options.settings, compactHooks: options.compactHooks },
    {
      spillDir: join(tmpdir(), "reagent-test-spill"),
      permissionMode: () => options.mode ?? "bypassPermissions",
      transcriptPath: () => options.transcript?.path ?? null,
      onEvent: (event) => sink.session?.hookRun(event),
      onNotice: (notice) => sink.session?.notice(notice),
    },
  );
  const gate = createTestGate({
    cwd: options.cwd,
    mode: options.mode ?? "bypassPermissions",
    rules: options.rules,
    prompter: options.prompter,
  });
  const registry = createToolRegistry([...createBuiltinTools({}), ...(options.extraTools ?? [])], (name) =>
    gate.isToolHidden(name),
  );
  const summaryModel = options.summaryScript
    ? createScriptedClient({ script: options.summaryScript })
    : model;
  const contextSettings = options.context && { ...options.context, window: () => options.context!.window };
  const context = contextSettings
    ? new ContextManager(
        contextSettings,
        () => summaryModel,
        () => registry.schemas(),
        noopTracer,
        hooks,
      )
    : undefined;
  const session = new Session({
    ...baseSessionOptions({ cwd: options.cwd, model, registry, hooks, gate }),
    context,
    history: options.history,
    compactionContext: options.compactionContext,
    modelFacts: options.modelFacts,
  });
  sink.session = session;
  if (options.transcript) recordTranscript(session, options.transcript);
  session.subscribe((event) => events.push(event));
  return { session, model, events, hooks, gate, registry, summaryModel };
}

/** The options every test Session shares: the workspace as cwd and home, the real hooks engine and
 *  gate, a fresh file-state store, a fixed id and system prompt (subagent-harness.ts builds on it). */
export function baseSessionOptions(parts: {
  cwd: string;
  model: SessionOptions["model"];
  registry: SessionOptions["registry"];
  hooks: NonNullable<SessionOptions["hooks"]>;
  gate: SessionOptions["gate"] & { readDeniedBy(path: string): string | undefined };
  systemPrompt?: string;
}): SessionOptions {
  return {
    sessionId: "session-test",
    model: parts.model,
    registry: parts.registry,
    systemPrompt: () => parts.systemPrompt ?? "system",
    cwd: parts.cwd,
    homeDir: parts.cwd,
    maxTurns: 20,
    tracer: noopTracer,
    files: createFileStateStore(),
    shell: { cwd: parts.cwd, env: {} },
    baseEnv: { PATH: process.env.PATH, HOME: parts.cwd },
    hooks: parts.hooks,
    gate: parts.gate,
    readDeniedBy: (path) => parts.gate.readDeniedBy(path),
  };
}
