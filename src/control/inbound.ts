// The messages a stream-json run reads on stdin, one JSON object per line: user turns (content as a
// string or content blocks), control requests from the caller, control responses to reagent's own
// requests, cancellations and keep-alives. Validation only; a bad line becomes an error naming the
// line number and what is wrong, and the run goes on.
import { z } from "zod";
import { formatZodError } from "../util/index.js";
import type { InboundControlResponse } from "./channel.js";

const block = z.object({ type: z.string() }).loose();

const userMessage = z
  .object({
    type: z.literal("user"),
    message: z
      .object({
        role: z.literal("user"),
        content: z.union([z.string(), z.array(block)]),
      })
      .loose(),
    uuid: z.string().optional(),
    parent_tool_use_id: z.string().nullable().optional(),
  })
  .loose();

const controlRequest = z.object({
  type: z.literal("control_request"),
  request_id: z.string().min(1),
  request: z.object({ subtype: z.string() }).loose(),
});

const controlResponse = z.object({
  type: z.literal("control_response"),
  response: z
    .object({
      subtype: z.enum(["success", "error"]),
      request_id: z.string(),
      response: z.record(z.string(), z.unknown()).nullable().optional(),
      error: z.string().optional(),
    })
    .loose(),
});

const cancelRequest = z.object({ type: z.literal("control_cancel_request"), request_id: z.string() });

export type UserContentBlock = z.infer<typeof block>;
export type InboundUser = z.infer<typeof userMessage>;

export type Inbound =
  | { kind: "user"; message: InboundUser }
  | { kind: "control-request"; requestId: string; request: { subtype: string } & Record<string, unknown> }
  | { kind: "control-response"; response: InboundControlResponse }
  | { kind: "cancel"; requestId: string }
  | { kind: "ignore" }
  | { kind: "invalid"; message: string };

const SCHEMAS = {
  user: userMessage,
  control_request: controlRequest,
  control_response: controlResponse,
  control_cancel_request: cancelRequest,
} as const;

/** Kinds of lines other producers send that carry nothing for reagent. */
const IGNORED = new Set(["keep_alive", "transcript_mirror", "update_environment_variables"]);

export function parseInbound(line: string, lineNumber: number): Inbound {
  const where = `stdin line ${lineNumber}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return {
      kind: "invalid",
      message: `${where}: not JSON (${(error as Error).message}); the line was skipped`,
    };
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== "string")
    return {
      kind: "invalid",
      message: `${where}: expected an object with a "type" field; the line was skipped`,
    };
  if (IGNORED.has(type)) return { kind: "ignore" };
  const schema = SCHEMAS[type as keyof typeof SCHEMAS];
  if (!schema)
    return {
      kind: "invalid",
      message: `${where}: unknown message type "${type}" (expected user, control_request, control_response or control_cancel_request); the line was skipped`,
    };
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    return {
      kind: "invalid",
      message: `${where}: ${type}: ${formatZodError(parsed.error)}; the line was skipped`,
    };
  const data = parsed.data;
  switch (data.type) {
    case "user":
      return { kind: "user", message: data };
    case "control_request":
      return { kind: "control-request", requestId: data.request_id, request: data.request };
    case "control_response":
      return {
        kind: "control-response",
        response: {
          subtype: data.response.subtype,
          request_id: data.response.request_id,
          ...(data.response.response ? { response: data.response.response } : {}),
          ...(data.response.error !== undefined ? { error: data.response.error } : {}),
        },
      };
    case "control_cancel_request":
      return { kind: "cancel", requestId: data.request_id };
  }
}

/** The text of a user message (text blocks joined, and one by one) and the blocks it cannot pass on
 *  as text. */
export function userText(message: InboundUser): {
  text: string;
  texts: string[];
  other: UserContentBlock[];
} {
  const content = message.message.content;
  if (typeof content === "string") return { text: content, texts: [content], other: [] };
  const texts: string[] = [];
  const other: UserContentBlock[] = [];
  for (const item of content) {
    if (item.type === "text" && typeof item.text === "string") texts.push(item.text);
    else other.push(item);
  }
  return { text: texts.join("\n\n"), texts, other };
}
