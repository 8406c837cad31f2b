// The real ToolRunner wired the way the session wires it: the real hooks engine (real hook
// processes), the real permission gate, the built-in tools plus the test tools, over a real temp
// workspace. `call` runs one tool call through every stage and returns what the model would get.
import type { HookEngineOptions } from "../../src/hooks/index.js";
import type { HookNotice } from "../../src/hooks/types.js";
import type { PermissionMode, Prompter } from "../../src/permissions/types.js";
import { createBuiltinTools } from "../../src/tools/builtin.js";
import { createFileStateStore } from "../../src/tools/file-state.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { createToolRunner, type PermissionDenial } from "../../src/tools/runner.js";
import type { Tool } from "../../src/tools/tool.js";
import { noopTracer } from "../../src/util/trace.js";
import { createTestHookEngine, type TestHookConfig } from "./hook-engine.js";
import { noSandbox } from "./no-sandbox.js";
import { createTestGate, type TestRules } from "./test-gate.js";
import { testTools } from "./test-tools.js";

export type RunnerHarnessOptions = Omit<TestHookConfig, "projectDir"> & {
  cwd: string;
  mode?: PermissionMode;
  rules?: TestRules;
  /** Makes the gate interactive: "ask" becomes a question to this prompter. */
  prompter?: Prompter;
  tools?: Tool[];
  /** Extra hooks-engine options (e.g. where CLAUDE_ENV_FILE files go). */
  engine?: Partial<HookEngineOptions>;
  /** The redaction results get (default: none). */
  redact?: (text: string) => string;
};

export function createRunnerHarness(options: RunnerHarnessOptions) {
  const notices: HookNotice[] = [];
  const denials: PermissionDenial[] = [];
  const hooks = createTestHookEngine(
    { projectDir: options.cwd, settings: options.settings, compactHooks: options.compactHooks },
    {
      onNotice: (notice) => notices.push(notice),
      permissionMode: () => options.mode ?? "default",
      ...options.engine,
    },
  );
  const gate = createTestGate({
    cwd: options.cwd,
    mode: options.mode ?? "default",
    rules: options.rules,
    prompter: options.prompter,
  });
  const registry = createToolRegistry([...createBuiltinTools({}), ...testTools(), ...(options.tools ?? [])]);
  const files = createFileStateStore();
  const shell = { cwd: options.cwd, env: {} };
  const runner = createToolRunner({
    registry,
    hooks,
    gate,
    tracer: noopTracer,
    containment: { ...noSandbox(options.cwd), ...(options.redact ? { redact: options.redact } : {}) },

    context: (toolUseId, signal) => ({
      cwd: options.cwd,
      homeDir: options.cwd,
      signal,
      sessionId: "session-test",
      toolUseId,
      shell,
      files,
      baseEnv: { PATH: process.env.PATH, HOME: options.cwd },
    }),
    onDenial: (denial) => denials.push(denial),
    onNotice: (notice) => notices.push(notice),
  });
  let counter = 0;
  const call = (name: string, input: Record<string, unknown>, signal = new AbortController().signal) =>
    runner.run({ type: "tool_use", id: `call_${++counter}`, name, input }, signal);
  return { runner, call, gate, hooks, notices, denials, registry };
}
