// Transcript persistence as an explicit subscriber of the session's events: the session never writes
// to disk. Every change to the history is followed by an event (the loop emits after it appends, the
// session after it compacts or clears), so syncing on every event saves each message exactly once, in
// order, before anything that runs next (a hook reading `transcript_path` sees the message that led
// to it). A file change's structured patch goes with the tool_result message that answers it. The
// sink (transcript-store.ts) decides the line shape.
import type { Message } from "../model/index.js";
import type { SessionEvent } from "../session/index.js";
import type { MessageMeta, TranscriptSink } from "./transcript-store.js";

/** The part of the session the recorder reads. */
type RecordedSession = {
  readonly messages: readonly Message[];
  readonly model: { readonly model: string };
  subscribe(listener: (event: SessionEvent) => void): () => void;
};

/** Saves the session's history to `sink` from now on; the messages it holds already are taken as
 *  saved (a resumed session's). Returns the unsubscribe function. */
export function recordTranscript(session: RecordedSession, sink: TranscriptSink): () => void {
  let saved = session.messages.length;
  /** Model, usage and stop reason of assistant messages, for their lines. */
  const meta = new WeakMap<Message, MessageMeta>();
  /** Structured results worth keeping (see keptResult), until their tool_result message is saved. */
  const results = new Map<string, unknown>();
  const metaOf = (message: Message): MessageMeta | undefined => {
    if (message.role === "assistant") return meta.get(message);
    const kept: Record<string, unknown> = {};
    for (const block of message.content)
      if (block.type === "tool_result" && results.has(block.tool_use_id)) {
        kept[block.tool_use_id] = results.get(block.tool_use_id);
        results.delete(block.tool_use_id);
      }
    return Object.keys(kept).length > 0 ? { toolResults: kept } : undefined;
  };
  return session.subscribe((event) => {
    switch (event.type) {
      case "tool-call-end": {
        const kept = keptResult(event.data);
        if (kept && !event.isError) results.set(event.call.id, kept);
        break;
      }
      case "assistant-message":
        meta.set(event.message, {
          model: session.model.model,
          usage: event.usage,
          stopReason: event.stopReason,
        });
        break;
      case "history-compacted":
        sink.compact(event.summary, [...event.messages], event.trigger);
        saved = event.messages.length;
        return;
      case "history-cleared":
        sink.clear();
        saved = 0;
        return;
      case "history-rewound":
        sink.rewind([...event.messages]);
        saved = event.messages.length;
        return;
    }
    const history = session.messages;
    for (; saved < history.length; saved++) {
      const message = history[saved];
      if (message) sink.append(message, metaOf(message));
    }
  });
}

/** The part of a tool's structured result a resumed session needs: a file change's path and
 *  `structuredPatch` (Claude Code's shape), so its diff replays with line numbers and context. */
function keptResult(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== "object" || data === null || !("structuredPatch" in data)) return undefined;
  const { type, filePath, structuredPatch } = data as Record<string, unknown>;
  if (!Array.isArray(structuredPatch)) return undefined;
  return { ...(typeof type === "string" ? { type } : {}), filePath, structuredPatch };
}
