// Answers the caller's control requests: each one is parsed against the one union of requests
// (control-request.ts), handed to the target that acts on it (the stream-json mode, over the App), and
// answered with one `control_response` carrying its request_id — success with the target's payload,
// or an error with the reason (an unsupported subtype, a bad field, a failure of the target).
import { errorMessage } from "../util/index.js";
import type { ControlChannel } from "./channel.js";
import { type ControlRequest, parseControlRequest } from "./control-request.js";

type Payload = Record<string, unknown>;
type Of<Subtype extends ControlRequest["subtype"]> = Extract<ControlRequest, { subtype: Subtype }>;

/** What a control request can do to a running session; the stream-json mode implements it. */
export interface ControlTarget {
  initialize(request: Of<"initialize">): Promise<Payload>;
  /** Stops the running turn; the uuids of user messages still queued behind it. */
  interrupt(): { stillQueued: string[] };
  setPermissionMode(mode: Of<"set_permission_mode">["mode"]): void;
  /** `model` absent or "default": back to the model the session started with. */
  setModel(model: string | undefined): Promise<void>;
  mcpMessage(server: string, message: Payload): void;
  mcpStatus(): Payload;
  contextUsage(): Payload;
  /** The SDK's rewindFiles: a RewindFilesResult (`canRewind`, `error`, `filesChanged`, counts). */
  rewindFiles(userMessageId: string, dryRun: boolean): Promise<Payload>;
}

type ControlHandlers = {
  /** Answers one request; resolves once the response is sent. */
  handle(requestId: string, raw: { subtype: string } & Record<string, unknown>): Promise<void>;
};

function act(target: ControlTarget, request: ControlRequest): Promise<Payload> | Payload {
  switch (request.subtype) {
    case "initialize":
      return target.initialize(request);
    case "interrupt":
      return { still_queued: target.interrupt().stillQueued };
    case "set_permission_mode":
      target.setPermissionMode(request.mode);
      return {};
    case "set_model": {
      const model = request.model && request.model !== "default" ? request.model : undefined;
      return target.setModel(model).then(() => ({}));
    }
    case "mcp_message":
      target.mcpMessage(request.server_name, request.message);
      return {};
    case "mcp_status":
      return target.mcpStatus();
    case "get_context_usage":
      return target.contextUsage();
    case "rewind_files":
      return target.rewindFiles(request.user_message_id, request.dry_run === true);
  }
}

export function createControlHandlers(target: ControlTarget, channel: ControlChannel): ControlHandlers {
  return {
    async handle(requestId, raw) {
      const parsed = parseControlRequest(raw);
      let line: unknown;
      try {
        if (parsed.kind === "refused") throw new Error(parsed.message);
        const response = await act(target, parsed.request);
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
  };
}
