// The line shape of a transcript file: Claude Code's JSONL, so hook scripts and tools that read Claude
// transcripts (`select(.type == "assistant")`, `.message.content[]`, `parentUuid` chains) work on
// reagent's. Each conversation message is a `user` or `assistant` line with `message`, `uuid`,
// `parentUuid`, `timestamp`, `sessionId`, `cwd`, `version`; the session header, compaction boundaries
// and `/clear` are `system` lines. Reading also accepts the first release's shape
// (`{"type":"message"}` …), so older sessions still resume. Pure: no files here.
import { randomUUID } from "node:crypto";
import type { ContentBlock, Message, Usage } from "../model/index.js";

export type TranscriptHeader = {
  session_id: string;
  cwd: string;
  model: string;
  provider: string;
  created_at: string;
  version: string;
  /** A subagent's transcript: its lines are a sidechain of the session, marked with the agent's id. */
  agent_id?: string;
};

/** What the session knows about a message beyond its content: an assistant message's model, usage
 *  and stop reason; for a user message, the structured results of its tool calls by tool_use_id
 *  (an Edit's or Write's `structuredPatch`, so a resumed session shows the same diff). */
export type MessageMeta = {
  model?: string;
  usage?: Usage;
  stopReason?: string;
  toolResults?: Record<string, unknown>;
};

type Common = { sessionId: string; cwd: string; version: string; agentId?: string };

/** `system` line subtypes reagent writes (Claude Code's `compact_boundary`, reagent's own others). */
const HEADER_SUBTYPE = "reagent_session";
export const COMPACT_SUBTYPE = "compact_boundary";
export const CLEAR_SUBTYPE = "reagent_clear";

function base(common: Common, parentUuid: string | null) {
  return {
    parentUuid,
    isSidechain: common.agentId !== undefined,
    ...(common.agentId !== undefined ? { agentId: common.agentId } : {}),
    userType: "external",
    cwd: common.cwd,
    sessionId: common.sessionId,
    version: common.version,
    uuid: randomUUID(),
    timestamp: new Date().toISOString(),
  };
}

export function headerLine(header: TranscriptHeader): Record<string, unknown> {
  const common = {
    sessionId: header.session_id,
    cwd: header.cwd,
    version: header.version,
    agentId: header.agent_id,
  };
  return {
    type: "system",
    subtype: HEADER_SUBTYPE,
    content: `reagent session (${header.provider}/${header.model})`,
    level: "info",
    isMeta: true,
    ...base(common, null),
    timestamp: header.created_at,
    model: header.model,
    provider: header.provider,
  };
}

/** A `user` / `assistant` line. A user message of one text block is written with string content, as
 *  Claude Code writes a typed prompt. */
export function messageLine(
  message: Message,
  common: Common,
  parentUuid: string | null,
  meta: MessageMeta = {},
  flags: { isCompactSummary?: boolean } = {},
): Record<string, unknown> {
  const line = base(common, parentUuid);
  if (message.role === "user") {
    const only = message.content.length === 1 ? message.content[0] : undefined;
    const content = only?.type === "text" ? only.text : message.content;
    return {
      ...line,
      type: "user",
      ...flags,
      message: { role: "user", content },
      ...toolResultFields(message, meta),
    };
  }
  return {
    ...line,
    type: "assistant",
    message: {
      id: `msg_${line.uuid.replace(/-/g, "").slice(0, 24)}`,
      type: "message",
      role: "assistant",
      model: meta.model ?? "unknown",
      content: message.content,
      stop_reason: meta.stopReason ?? null,
      stop_sequence: null,
      usage: meta.usage ?? { input_tokens: 0, output_tokens: 0 },
    },
  };
}

/** Claude Code's `toolUseResult` (a line answers one call there) and reagent's `toolUseResults`, by
 *  tool_use_id (one user message may answer several calls). */
function toolResultFields(message: Message, meta: MessageMeta): Record<string, unknown> {
  const ids = message.content.flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : []));
  const kept = Object.fromEntries(
    ids.flatMap((id) => (meta.toolResults?.[id] ? [[id, meta.toolResults[id]]] : [])),
  );
  if (Object.keys(kept).length === 0) return {};
  const [only, ...others] = ids;
  return {
    ...(only !== undefined && others.length === 0 ? { toolUseResult: kept[only] } : {}),
    toolUseResults: kept,
  };
}

/** A boundary: what came before no longer belongs to the history (compaction, `/clear`). */
export function boundaryLine(
  kind: "compact" | "clear",
  common: Common,
  logicalParentUuid: string | null,
  trigger?: string,
): Record<string, unknown> {
  return {
    type: "system",
    subtype: kind === "compact" ? COMPACT_SUBTYPE : CLEAR_SUBTYPE,
    content: kind === "compact" ? "Conversation compacted" : "Conversation cleared",
    level: "info",
    isMeta: false,
    ...base(common, null),
    logicalParentUuid,
    ...(kind === "compact" ? { compactMetadata: { trigger: trigger ?? "manual" } } : {}),
  };
}

type ParsedLine =
  | { kind: "header"; header: TranscriptHeader }
  | { kind: "message"; message: Message; uuid?: string; toolResults?: Record<string, unknown> }
  /** Everything before belongs to no history any more (`/clear`, a compaction boundary). */
  | { kind: "reset" }
  /** The first release's compaction record: the whole new history at once. */
  | { kind: "history"; messages: Message[] }
  /** A valid line that carries no history (Claude Code's `summary`, other `system` lines). */
  | { kind: "other" };

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Only `role` and `content` enter the history (the API rejects the other fields Claude Code writes). */
function toMessage(role: unknown, content: unknown): Message | undefined {
  if (role !== "user" && role !== "assistant") return undefined;
  const blocks =
    typeof content === "string"
      ? [{ type: "text", text: content }]
      : Array.isArray(content)
        ? content
        : undefined;
  if (!blocks?.every((block) => isObject(block) && typeof block.type === "string")) return undefined;
  return { role, content: blocks as ContentBlock[] } as Message;
}

function legacyMessage(value: unknown): Message | undefined {
  return isObject(value) ? toMessage(value.role, value.content) : undefined;
}

/** Parses one line of either shape; undefined when it is not a valid transcript line. */
export function parseLine(text: string): ParsedLine | undefined {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(record) || typeof record.type !== "string") return undefined;
  switch (record.type) {
    case "user":
    case "assistant": {
      if (!isObject(record.message) || record.message.role !== record.type) return undefined;
      const message = toMessage(record.message.role, record.message.content);
      if (!message) return undefined;
      const toolResults = isObject(record.toolUseResults) ? record.toolUseResults : undefined;
      return {
        kind: "message",
        message,
        ...(typeof record.uuid === "string" ? { uuid: record.uuid } : {}),
        ...(toolResults ? { toolResults } : {}),
      };
    }
    case "system":
      if (record.subtype === HEADER_SUBTYPE && typeof record.sessionId === "string")
        return {
          kind: "header",
          header: {
            session_id: record.sessionId,
            cwd: String(record.cwd ?? ""),
            model: String(record.model ?? ""),
            provider: String(record.provider ?? ""),
            created_at: String(record.timestamp ?? ""),
            version: String(record.version ?? ""),
          },
        };
      if (record.subtype === COMPACT_SUBTYPE || record.subtype === CLEAR_SUBTYPE) return { kind: "reset" };
      return { kind: "other" };
    case "summary":
      return { kind: "other" };
    // The first release's shape.
    case "session":
      return typeof record.session_id === "string"
        ? { kind: "header", header: record as unknown as TranscriptHeader }
        : undefined;
    case "message": {
      const message = legacyMessage(record.message);
      return message ? { kind: "message", message } : undefined;
    }
    case "compact": {
      if (!Array.isArray(record.messages)) return undefined;
      const messages = record.messages.map(legacyMessage);
      return messages.every((message) => message !== undefined)
        ? { kind: "history", messages: messages as Message[] }
        : undefined;
    }
    case "clear":
      return { kind: "reset" };
    default:
      // Claude Code writes more types (file-history-snapshot, attachment …); none carry our history.
      return { kind: "other" };
  }
}

/** The parent of the next message: the `uuid` of the last message or boundary line (the header
 *  starts no chain), scanning from the end. */
export function lastUuid(lines: readonly string[]): string | null {
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index];
    if (line === undefined || !line.includes('"uuid"')) continue;
    try {
      const record = JSON.parse(line) as Obj;
      if (typeof record.uuid !== "string" || record.subtype === HEADER_SUBTYPE) continue;
      if (record.type === "user" || record.type === "assistant" || record.type === "system")
        return record.uuid;
    } catch {
      // a torn line
    }
  }
  return null;
}
