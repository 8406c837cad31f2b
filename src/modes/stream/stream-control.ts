// What the caller's control requests do to the App in a stream-json run (the ControlTarget of
// control/control-handlers.ts): `initialize` registers the SDK's hook callbacks, agents, system prompt
// parts, JSON schema and in-process MCP servers; `interrupt`, `set_permission_mode`, `set_model`,
// `mcp_status`, `mcp_message` and `get_context_usage` act on the session. The protocol itself (parsing,
// refusing unknown subtypes, one response per request) is the control module's.

import type { App, RunOptions } from "../../app/index.js";
import type { CommandRegistry } from "../../commands/index.js";
import type { PermissionMode } from "../../contracts/index.js";
import type { ControlChannel, UserContentBlock } from "../../control/index.js";
import { type ControlTarget, createControlHandlers } from "../../control/index.js";
import type { ImageBlock, ImageMediaType } from "../../model/index.js";
import type { HeadlessTurn } from "../../ui/headless/index.js";
import { finishStructuredTurn } from "../headless/structured-turn.js";
import { initFacts } from "../init-facts.js";
import { type InitializeRequest, initializeSession } from "./initialize-session.js";
import { rewindFiles } from "./rewind-files.js";
import { createSdkMcpServers, type SdkMcpServers } from "./sdk-mcp-servers.js";

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

export type StreamControl = ReturnType<typeof createStreamControl>;

const IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];
type Payload = Record<string, unknown>;

export function createStreamControl(context: StreamControlOptions) {
  const { runtime, channel, options } = context;
  const servers = createSdkMcpServers(runtime, channel, context.say);
  let initializing: Promise<void> = Promise.resolve();
  let initialized = false;
  const bypassAllowed =
    options.allowBypassPermissions ||
    options.permissionMode === "bypassPermissions" ||
    runtime.gate.mode === "bypassPermissions";

  async function initialize(request: InitializeRequest): Promise<Payload> {
    if (initialized) throw new Error("initialize was already handled for this session");
    initialized = true;
    await servers.connect(request.sdkMcpServers ?? []);
    return initializeSession(runtime, request, { channel, commands: context.commands, say: context.say });
  }
  const handlers = createControlHandlers(controlTarget(context, servers, bypassAllowed, initialize), channel);

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
    ready: () => initializing.then(() => servers.connect()),
    describeBlock: (block: UserContentBlock) => describeBlock(block, context.say),
    structuredOutput: (turn: HeadlessTurn) => finishStructuredTurn(runtime, turn),
    close: () => servers.close(),
    /** Whether the caller may switch to bypassPermissions (the flags reagent was started with). */
    bypassAllowed,
    /** For an MCP tool (`mcp__server__tool`): its server and where it was configured. */
    mcpServerOf: (toolName: string) => servers.serverOf(toolName),
  };
}

/** The requests other than initialize, acting on the App. */
function controlTarget(
  context: StreamControlOptions,
  servers: SdkMcpServers,
  bypassAllowed: boolean,
  initialize: ControlTarget["initialize"],
): ControlTarget {
  const { runtime } = context;
  const { session, gate } = runtime;
  return {
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
    mcpMessage: (server, message) => servers.receive(server, message),
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
}

/** A non-text block of a user message: base64 images go to the model; others are named in a note. */
function describeBlock(block: UserContentBlock, say: (line: string) => void): string | ImageBlock {
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
    block.type === "image" ? "an image that is not base64 PNG, JPEG, GIF or WebP" : `a ${block.type} block`;
  say(`reagent: a user message carried ${what}; the model is told it was left out`);
  return `[The user attached ${what} here; reagent could not pass it to the model.]`;
}
