// The SDK's `initialize` request in a stream-json run: registers its hook callbacks, applies its system
// prompt parts, JSON schema and session-only agents (its in-process MCP servers are connected by the
// caller first), and answers with what the session offers: commands, agents, output styles, model.
import type { App } from "../../app/index.js";
import type { CommandRegistry } from "../../commands/index.js";
import type { ControlChannel, ControlRequest } from "../../control/index.js";
import { channelInvoker, sdkHookHandlers } from "../../control/index.js";
import { packageVersion } from "../../util/index.js";
import { initFacts } from "../init-facts.js";

export type InitializeRequest = Extract<ControlRequest, { subtype: "initialize" }>;

type InitializeContext = {
  channel: ControlChannel;
  commands: () => CommandRegistry;
  say: (line: string) => void;
};

export function initializeSession(
  runtime: App,
  request: InitializeRequest,
  context: InitializeContext,
): Record<string, unknown> {
  const hooksApplied = request.hooks ? registerHookCallbacks(runtime, request.hooks, context) : undefined;
  applyPromptParts(runtime, request);
  if (request.jsonSchema) runtime.applyJsonSchema(request.jsonSchema);
  const agents = request.agents;
  // The SDK's `agents` option: session-only subagents, usable by the Agent tool from now on.
  if (agents !== undefined && agents !== null)
    for (const warning of runtime.agents.define(agents)) context.say(`reagent: ${warning}`);
  return initializeAnswer(runtime, context.commands(), hooksApplied);
}

/** Registers the SDK's hook callbacks; whether they apply (not when hooks are disabled). */
function registerHookCallbacks(
  runtime: App,
  hooks: NonNullable<InitializeRequest["hooks"]>,
  context: InitializeContext,
): boolean {
  const { handlers, warnings } = sdkHookHandlers(hooks, 1_000_000);
  for (const warning of warnings) context.say(`reagent: ${warning}`);
  const disabledBy = runtime.hooks.disabledBy;
  if (disabledBy)
    context.say(`reagent: the SDK's hook callbacks are not run: hooks are disabled (${disabledBy})`);
  else if (handlers.length > 0) runtime.hooks.registerCallbacks(handlers, channelInvoker(context.channel));
  return !disabledBy;
}

/** The TypeScript SDK sends its system prompt here (`[""]` when the program set none: reagent's base
 *  prompt stays, as for an empty --system-prompt); the preset's `append` comes as appendSystemPrompt. */
function applyPromptParts(runtime: App, request: InitializeRequest): void {
  const parts = Array.isArray(request.systemPrompt) ? request.systemPrompt.join("\n\n") : undefined;
  const systemPrompt = parts !== undefined && parts.trim() !== "" ? parts : undefined;
  const append = request.appendSystemPrompt;
  if (systemPrompt !== undefined || append !== undefined)
    runtime.setPromptParts({
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      ...(append !== undefined ? { appendSystemPrompt: append } : {}),
    });
}

function initializeAnswer(
  runtime: App,
  commands: CommandRegistry,
  hooksApplied: boolean | undefined,
): Record<string, unknown> {
  const { session } = runtime;
  const facts = initFacts(runtime, commands);
  return {
    commands: commands.list().map((command) => ({
      name: command.name,
      description: command.description,
      argumentHint: command.argumentHint ?? "",
    })),
    agents: runtime.agents.agents.map((agent) => ({ name: agent.name, description: agent.description })),
    output_style: facts.outputStyle,
    available_output_styles: [...new Set(runtime.outputStyles.list().map((style) => style.name))],
    models: [
      { value: session.model.model, displayName: session.model.model, description: session.model.provider },
    ],
    account: { apiKeySource: facts.apiKeySource },
    pid: process.pid,
    ...(hooksApplied !== undefined ? { hooks_applied: hooksApplied } : {}),
    // A callback whose matcher says onFailure "block" blocks when it fails, as the SDK requires.
    hook_on_failure_supported: true,
    claude_code_version: packageVersion(),
    pending_permission_requests: [],
  };
}
