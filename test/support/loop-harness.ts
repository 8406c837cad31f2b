// Drives runAgentLoop with the scripted provider and the real ToolRunner over test tools. The loop's
// tests are about the loop: unless a test passes its own, the runner has no checks (said explicitly).

import type { AgentEvent } from "../../src/loop/events.js";
import { type LoopOptions, runAgentLoop } from "../../src/loop/run-agent-loop.js";
import type { Message } from "../../src/model/types.js";
import type { Script } from "../../src/providers/script-format.js";
import { createScriptedClient } from "../../src/providers/scripted.js";
import { createFileStateStore } from "../../src/tools/file-state.js";
import { createToolRegistry } from "../../src/tools/registry.js";
import { createToolRunner, type ToolRunnerOptions } from "../../src/tools/runner.js";
import type { Tool } from "../../src/tools/tool.js";
import { noopTracer } from "../../src/util/trace.js";
import { allowAllGate, noHooks } from "./no-checks.js";
import { noSandbox } from "./no-sandbox.js";

export function runScripted(
  script: Script,
  tools: Tool[],
  overrides: Partial<LoopOptions> & { runner?: Partial<ToolRunnerOptions>; cwd?: string } = {},
) {
  const client = createScriptedClient({ script });
  const events: AgentEvent[] = [];
  const messages: Message[] = [{ role: "user", content: [{ type: "text", text: "go" }] }];
  const registry = createToolRegistry(tools);
  const cwd = overrides.cwd ?? "/";
  const runner = createToolRunner({
    registry,
    tracer: noopTracer,
    gate: allowAllGate(cwd),
    hooks: noHooks(),
    containment: noSandbox(cwd),
    context: (toolUseId, signal) => ({
      cwd,
      homeDir: cwd,
      signal,
      sessionId: "test",
      toolUseId,
      shell: { cwd, env: {} },
      files: createFileStateStore(),
    }),
    ...overrides.runner,
  });
  const controller = new AbortController();
  const done = runAgentLoop({
    model: client,
    tools: runner,
    system: () => "system",
    toolSchemas: () => registry.schemas(),
    messages,
    maxTurns: 10,
    signal: controller.signal,
    emit: (event) => events.push(event),
    ...overrides,
  });
  return { client, events, messages, controller, done };
}
