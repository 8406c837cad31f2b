// What the caller's control requests do to the App in a stream-json run (the ControlTarget of
// control/control-handlers.ts): `initialize` registers the SDK's hook callbacks, agents, system prompt
// parts, JSON schema and in-process MCP servers; `interrupt`, `set_permission_mode`, `set_model`,
// `mcp_status`, `mcp_message` and `get_context_usage` act on the session. The protocol itself (parsing,
// refusing unknown subtypes, one response per request) is the control module's.

import type { App, RunOptions } from "../../app/index.js";
import type { CommandRegistry } from "../../commands/index.js";
import type { PermissionMode } from "../../contracts/index.js";
import type { ControlChannel, ControlRequest, UserContentBlock } from "../../control/index.js";
import {
  type ControlTarget,
  channelInvoker,
  createControlHandlers,
  SdkMcpTransport,
  sdkHookHandlers,
} from "../../control/index.js";
import type { McpManager } from "../../mcp/index.js";
import { loadMcpManager } from "../../mcp/index.js";
import type { ImageBlock, ImageMediaType } from "../../model/index.js";
import type { HeadlessTurn } from "../../ui/headless/index.js";
import { packageVersion } from "../../util/index.js";
import { finishStructuredTurn } from "../headless/structured-turn.js";
import { initFacts } from "../init-facts.js";
import { rewindFiles } from "./rewind-files.js";

type StreamControlOptions = {
  runtime: App;
  options: RunOptions;
  channel: ControlChannel;
  commands: () => CommandRegistry;
  /** uuids of user messages waiting behind the running turn. */
  queued: () => string[];
  interrupt: () => void;
  setState: (state: "idle" | "running" | "requires_action") => void;
  say: (line: string) => void;
};

type InitializeRequest = Extract<ControlRequest, { subtype: "initialize" }>;

const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
type Payload = Record<string, unknown>;

export function createStreamControl(context: StreamControlOptions) {
  const { runtime, channel, options } = context;
  const { session, gate } = runtime;
  let initializing: Promise<void> = Promise.resolve();
  let initialized = false;
  const sdkServers = new Map<string, SdkMcpTransport>();
  let sdkConnected: Promise<void> | undefined;

  let ownManager: McpManager | undefined;

  /** Connects the caller's in-process MCP servers (once: those of --mcp-config with type `sdk` and
   *  those initialize names) and offers their tools to the model. */
  function connectSdkServers(names: readonly string[] = []): Promise<void> {
    const declared = runtime.mcp?.status().some((server) => server.transport === "sdk") ?? false;
    if (!declared && names.length === 0) return Promise.resolve();
    sdkConnected ??= (async () => {
      if (!runtime.mcp) {
        const createMcpManager = await loadMcpManager();
        runtime.mcp = ownManager = createMcpManager({
          servers: {},
          cwd: runtime.cwd,
          tracer: runtime.tracer,
        });
      }
      const mcp = runtime.mcp;
      const failures = await mcp.connectSdkServers((name) => {
        const transport = new SdkMcpTransport(name, channel);
        sdkServers.set(name, transport);
        return transport;
      }, names);
      for (const failure of failures)
        context.say(`reagent: warning: MCP server "${failure.server}" failed: ${failure.reason}`);
      const registry = session.options.registry;
      const known = new Set(registry.list().map((tool) => tool.name));
      registry.add(mcp.tools().filter((tool) => !known.has(tool.name)));
    })();
    return sdkConnected;
  }
  const bypassAllowed =
    options.allowBypassPermissions ||
    options.permissionMode === "bypassPermissions" ||
    gate.mode === "bypassPermissions";

  async function initialize(request: InitializeRequest): Promise<Payload> {
    if (initialized) throw new Error("initialize was already handled for this session");
    initialized = true;
    const names = request.sdkMcpServers ?? [];
    await connectSdkServers(names);
    let hooksApplied: boolean | undefined;
    if (request.hooks) {
      const { handlers, warnings } = sdkHookHandlers(request.hooks, 1_000_000);
      for (const warning of warnings) context.say(`reagent: ${warning}`);
      hooksApplied = !runtime.hooks.disabledBy;
      if (runtime.hooks.disabledBy)
        context.say(
          `reagent: the SDK's hook callbacks are not run: hooks are disabled (${runtime.hooks.disabledBy})`,
        );
      else if (handlers.length > 0) runtime.hooks.registerCallbacks(handlers, channelInvoker(channel));
    }
    // The TypeScript SDK sends its system prompt here (`[""]` when the program set none: reagent's
    // base prompt stays, as for an empty --system-prompt); the preset's `append` comes as appendSystemPrompt.
    const parts = Array.isArray(request.systemPrompt) ? request.systemPrompt.join("\n\n") : undefined;
    const append = request.appendSystemPrompt;
    if ((parts !== undefined && parts.trim() !== "") || append !== undefined)
      runtime.setPromptParts({
        ...(parts !== undefined && parts.trim() !== "" ? { systemPrompt: parts } : {}),
        ...(append !== undefined ? { appendSystemPrompt: append } : {}),
      });
    if (request.jsonSchema) runtime.applyJsonSchema(request.jsonSchema);
    const agents = request.agents;
    // The SDK's `agents` option: session-only subagents, usable by the Agent tool from now on.
    if (agents !== undefined && agents !== null)
      for (const warning of runtime.agents.define(agents)) process.stderr.write(`reagent: ${warning}\n`);
    const facts = initFacts(runtime, context.commands());
    return {
      commands: context
        .commands()
        .list()
        .map((command) => ({
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

  const target: ControlTarget = {
    initialize,
    interrupt: () => {
      context.interrupt();
      return { stillQueued: context.queued() };
    },
    setPermissionMode(mode: PermissionMode) {
      if (mode === "bypassPermissions" && !bypassAllowed)
        throw new Error(
          "bypassPermissions can only be switched on when reagent was started with --allow-dangerously-skip-permissions or --dangerously-skip-permissions",
        );
      gate.setMode(mode);
    },
    async setModel(model) {
      const outcome = await runtime.switchModel(model ?? null, "sdk");
      if (!outcome.ok) throw new Error(`model not switched: ${outcome.reason}`);
    },
    mcpMessage(server, message) {
      // A message one of the caller's own servers sends on its own (a notification).
      const transport = sdkServers.get(server);
      if (!transport) throw new Error(`no SDK MCP server named "${server}" is connected`);
      transport.receive(message as Parameters<SdkMcpTransport["receive"]>[0]);
    },
    mcpStatus: () => ({ mcpServers: initFacts(runtime, context.commands()).mcpServers }),
    rewindFiles: (userMessageId, dryRun) => rewindFiles(runtime.checkpoints, userMessageId, dryRun),
    contextUsage() {
      const usage = session.contextUsage();
      return usage
        ? {
            totalTokens: usage.usedTokens,
            maxTokens: usage.window,
            percentage: usage.percent,
            breakdown: usage.breakdown,
          }
        : {};
    },
  };
  const handlers = createControlHandlers(target, channel);

  return {
    handle(requestId: string, request: { subtype: string } & Record<string, unknown>): Promise<void> {
      const work = handlers.handle(requestId, request);
      // Turns wait until initialize is answered (its hooks, servers and prompt parts apply to them).
      if (request.subtype === "initialize") initializing = work;
      return work;
    },
    cancel(_requestId: string): void {
      // Requests from the caller are answered at once; nothing long-running to cancel.
    },
    /** Resolves when initialize's work (MCP servers of the caller …) is done. */
    ready: () => initializing.then(() => connectSdkServers()),
    /** A non-text block of a user message: base64 images go to the model; others are named in a note. */
    describeBlock(block: UserContentBlock): string | ImageBlock {
      const source = (block as { source?: { type?: unknown; media_type?: unknown; data?: unknown } }).source;
      if (
        block.type === "image" &&
        source?.type === "base64" &&
        typeof source.data === "string" &&
        IMAGE_TYPES.includes(String(source.media_type))
      )
        return {
          type: "image",
          source: { type: "base64", media_type: source.media_type as ImageMediaType, data: source.data },
        };
      const what =
        block.type === "image"
          ? "an image that is not base64 PNG, JPEG, GIF or WebP"
          : `a ${block.type} block`;
      context.say(`reagent: a user message carried ${what}; the model is told it was left out`);
      return `[The user attached ${what} here; reagent could not pass it to the model.]`;
    },
    structuredOutput: (turn: HeadlessTurn) => finishStructuredTurn(runtime, turn),
    async close(): Promise<void> {
      for (const transport of sdkServers.values()) await transport.close();
      await ownManager?.close();
    },
    /** Whether the caller may switch to bypassPermissions (the flags reagent was started with). */
    bypassAllowed,
    /** For an MCP tool (`mcp__server__tool`): its server and where it was configured. */
    mcpServerOf(toolName: string): { name: string; source: string } | undefined {
      const server = (runtime.mcp?.status() ?? []).find((entry) =>
        toolName.startsWith(`mcp__${entry.name}__`),
      );
      return server
        ? { name: server.name, source: server.transport === "sdk" ? "sdk" : (server.source ?? "dynamic") }
        : undefined;
    },
  };
}
