// The caller's side of the control protocol in a stream-json run: answers `initialize` (registering
// the SDK's hook callbacks, agents, system prompt parts, JSON schema and in-process MCP servers),
// `interrupt`, `set_permission_mode`, `set_model`, `mcp_status`, `mcp_message` and
// `get_context_usage`; everything else gets an error naming the subtype. Each request is answered
// with one `control_response` carrying its request_id.

import { PERMISSION_MODES } from "../contracts/index.js";
import type { ControlChannel } from "../control/channel.js";
import type { UserContentBlock } from "../control/inbound.js";
import { SdkMcpTransport } from "../control/sdk-mcp-transport.js";
import type { McpManager } from "../mcp/manager.js";
import type { ImageBlock, ImageMediaType } from "../model/types.js";
import type { HeadlessTurn } from "../ui/headless/terminal-reason.js";
import { errorMessage } from "../util/errors.js";
import { isOneOf } from "../util/one-of.js";
import type { Runtime } from "./compose.js";
import type { HeadlessCommand } from "./headless-slash.js";
import { initFacts } from "./init-facts.js";
import type { CliOptions } from "./options.js";
import { channelInvoker, sdkHookHandlers } from "./sdk-hooks.js";
import { finishStructuredTurn } from "./structured-turn.js";
import { switchModel } from "./switch-model.js";
import { packageVersion } from "./version.js";

export type StreamControlOptions = {
  runtime: Runtime;
  options: CliOptions;
  channel: ControlChannel;
  commands: () => readonly HeadlessCommand[];
  /** uuids of user messages waiting behind the running turn. */
  queued: () => string[];
  interrupt: () => void;
  setState: (state: "idle" | "running" | "requires_action") => void;
  say: (line: string) => void;
};

type Request = { subtype: string } & Record<string, unknown>;

const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
type Payload = Record<string, unknown>;

export function createStreamControl(context: StreamControlOptions) {
  const { runtime, channel, options } = context;
  const { session, gate } = runtime;
  const initialModel = session.model;
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
        const { createMcpManager } = await import("../mcp/manager.js");
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

  async function initialize(request: Request): Promise<Payload> {
    if (initialized) throw new Error("initialize was already handled for this session");
    initialized = true;
    const names = Array.isArray(request.sdkMcpServers) ? request.sdkMcpServers.map(String) : [];
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
    const parts = Array.isArray(request.systemPrompt)
      ? request.systemPrompt.map(String).join("\n\n")
      : undefined;
    const append = typeof request.appendSystemPrompt === "string" ? request.appendSystemPrompt : undefined;
    if ((parts !== undefined && parts.trim() !== "") || append !== undefined)
      runtime.setPromptParts({
        ...(parts !== undefined && parts.trim() !== "" ? { systemPrompt: parts } : {}),
        ...(append !== undefined ? { appendSystemPrompt: append } : {}),
      });
    if (request.jsonSchema && typeof request.jsonSchema === "object")
      runtime.applyJsonSchema(request.jsonSchema as Payload);
    const agents = request.agents;
    // The SDK's `agents` option: session-only subagents, usable by the Agent tool from now on.
    if (agents !== undefined && agents !== null)
      for (const warning of runtime.agents.define(agents)) process.stderr.write(`reagent: ${warning}\n`);
    const facts = initFacts(runtime, context.commands());
    return {
      commands: context.commands().map((command) => ({
        name: command.name,
        description: command.description,
        argumentHint: command.argumentHint ?? "",
      })),
      agents: runtime.agents.agents.map((agent) => ({ name: agent.name, description: agent.description })),
      output_style: "default",
      available_output_styles: ["default"],
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

  async function setModel(request: Request): Promise<Payload> {
    const wanted =
      typeof request.model === "string" && request.model !== "default" ? request.model : undefined;
    const outcome = await switchModel(runtime, wanted ?? null, "sdk", initialModel);
    if (!outcome.ok) throw new Error(`model not switched: ${outcome.reason}`);
    return {};
  }

  function setPermissionMode(request: Request): Payload {
    const mode = String(request.mode);
    if (!isOneOf(PERMISSION_MODES, mode))
      throw new Error(`unknown permission mode "${mode}"; use one of ${PERMISSION_MODES.join(", ")}`);
    if (mode === "bypassPermissions" && !bypassAllowed)
      throw new Error(
        "bypassPermissions can only be switched on when reagent was started with --allow-dangerously-skip-permissions or --dangerously-skip-permissions",
      );
    gate.setMode(mode);
    return {};
  }

  async function dispatch(request: Request): Promise<Payload> {
    switch (request.subtype) {
      case "initialize":
        return initialize(request);
      case "interrupt":
        context.interrupt();
        return { still_queued: context.queued() };
      case "set_permission_mode":
        return setPermissionMode(request);
      case "set_model":
        return setModel(request);
      case "mcp_message": {
        // A message one of the caller's own servers sends on its own (a notification).
        const transport = sdkServers.get(String(request.server_name));
        if (!transport)
          throw new Error(`no SDK MCP server named "${String(request.server_name)}" is connected`);
        transport.receive(request.message as Parameters<SdkMcpTransport["receive"]>[0]);
        return {};
      }
      case "mcp_status":
        return {
          mcpServers: initFacts(runtime, context.commands()).mcpServers,
        };
      case "get_context_usage": {
        const usage = session.contextUsage();
        return usage
          ? {
              totalTokens: usage.usedTokens,
              maxTokens: usage.window,
              percentage: usage.percent,
              breakdown: usage.breakdown,
            }
          : {};
      }
      default:
        throw new Error(`Unsupported control request subtype: ${request.subtype}`);
    }
  }

  return {
    handle(requestId: string, request: Request): Promise<void> {
      const work = (async () => {
        let line: unknown;
        try {
          const response = await dispatch(request);
          line = {
            type: "control_response",
            response: { subtype: "success", request_id: requestId, response },
          };
        } catch (error) {
          line = {
            type: "control_response",
            response: { subtype: "error", request_id: requestId, error: errorMessage(error) },
          };
        }
        channel.send(line);
      })();
      // Turns wait until initialize is answered (its hooks, servers and prompt parts apply to them).
      if (request.subtype === "initialize") initializing = work;
      return work;
    },
    cancel(_requestId: string): void {
      // Requests from the caller are answered at once; nothing long-running to cancel.
    },
    /** Resolves when initialize's work (MCP servers of the caller …) is done. */
    ready: () => initializing.then(() => connectSdkServers()),
    extraCommands: (): HeadlessCommand[] => [],
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
