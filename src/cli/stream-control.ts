// The caller's side of the control protocol in a stream-json run: answers `initialize` (registering
// the SDK's hook callbacks, agents, system prompt parts, JSON schema and in-process MCP servers),
// `interrupt`, `set_permission_mode`, `set_model`, `mcp_status`, `mcp_message` and
// `get_context_usage`; everything else gets an error naming the subtype. Each request is answered
// with one `control_response` carrying its request_id.
import type { ControlChannel } from "../control/channel.js";
import type { UserContentBlock } from "../control/inbound.js";
import type { PermissionMode } from "../permissions/types.js";
import type { HeadlessTurn } from "../ui/headless/terminal-reason.js";
import { errorMessage } from "../util/errors.js";
import type { Runtime } from "./compose.js";
import type { HeadlessCommand } from "./headless-slash.js";
import { initFacts } from "./init-facts.js";
import { type CliOptions, PERMISSION_MODES } from "./options.js";
import { createModelClient } from "./provider.js";
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
type Payload = Record<string, unknown>;

export function createStreamControl(context: StreamControlOptions) {
  const { runtime, channel, options } = context;
  const { session, gate } = runtime;
  const initialModel = session.model;
  const initializing: Promise<void> = Promise.resolve();
  let initialized = false;
  const bypassAllowed =
    options.allowBypassPermissions ||
    options.permissionMode === "bypassPermissions" ||
    gate.mode === "bypassPermissions";

  async function initialize(request: Request): Promise<Payload> {
    if (initialized) throw new Error("initialize was already handled for this session");
    initialized = true;
    const agents = request.agents;
    if (agents && typeof agents === "object" && !Array.isArray(agents)) Object.assign(runtime.agents, agents);
    const facts = initFacts(runtime, context.commands());
    return {
      commands: context.commands().map((command) => ({
        name: command.name,
        description: command.description,
        argumentHint: command.argumentHint ?? "",
      })),
      agents: Object.entries(runtime.agents).map(([name, definition]) => ({
        name,
        description: (definition as { description?: unknown })?.description ?? "",
      })),
      output_style: "default",
      available_output_styles: ["default"],
      models: [
        { value: session.model.model, displayName: session.model.model, description: session.model.provider },
      ],
      account: { apiKeySource: facts.apiKeySource },
      pid: process.pid,
      claude_code_version: packageVersion(),
      pending_permission_requests: [],
    };
  }

  async function setModel(request: Request): Promise<Payload> {
    const wanted =
      typeof request.model === "string" && request.model !== "default" ? request.model : undefined;
    if (wanted === undefined) session.setModel(initialModel);
    else
      session.setModel(
        await createModelClient({
          model: wanted,
          provider: session.model.provider === "scripted" ? undefined : session.model.provider,
          env: runtime.env,
          cwd: runtime.cwd,
          tracer: runtime.tracer,
        }),
      );
    return {};
  }

  function setPermissionMode(request: Request): Payload {
    const mode = String(request.mode);
    if (!(PERMISSION_MODES as readonly string[]).includes(mode))
      throw new Error(`unknown permission mode "${mode}"; use one of ${PERMISSION_MODES.join(", ")}`);
    if (mode === "bypassPermissions" && !bypassAllowed)
      throw new Error(
        "bypassPermissions can only be switched on when reagent was started with --allow-dangerously-skip-permissions or --dangerously-skip-permissions",
      );
    gate.setMode(mode as PermissionMode);
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
    async handle(requestId: string, request: Request): Promise<void> {
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
    },
    cancel(_requestId: string): void {
      // Requests from the caller are answered at once; nothing long-running to cancel.
    },
    /** Resolves when initialize's work (MCP servers of the caller …) is done. */
    ready: () => initializing,
    extraCommands: (): HeadlessCommand[] => [],
    describeBlock(block: UserContentBlock): string {
      context.say(
        `reagent: a ${block.type} block in a user message is not supported yet; the model is told it was left out`,
      );
      return `[A ${block.type} block was attached here; reagent could not pass it to the model.]`;
    },
    async structuredOutput(turn: HeadlessTurn): Promise<{ turn: HeadlessTurn; fields: Payload }> {
      return { turn, fields: {} };
    },
    async close(): Promise<void> {},
  };
}
