// `--output-format stream-json`: one JSON object per line as things happen (Claude Code's shapes:
// system/init, assistant, user, result), plus hook events as system messages.
import type { SessionEvent } from "../../session/events.js";

export function streamJsonLine(event: SessionEvent, sessionId: string): unknown | undefined {
  switch (event.type) {
    case "assistant-message": {
      // Internal fields (a broken call's inputError) stay out of Claude Code's message shape.
      // Thinking goes out as Claude Code's `thinking` content blocks (text and signature only).
      const content = event.message.content.map((block) =>
        block.type === "tool_use"
          ? { type: block.type, id: block.id, name: block.name, input: block.input }
          : block.type === "thinking"
            ? { type: "thinking", thinking: block.thinking, signature: block.signature }
            : block,
      );
      return {
        type: "assistant",
        session_id: sessionId,
        message: { role: "assistant", content, usage: event.usage },
      };
    }
    case "tool-results":
      return { type: "user", session_id: sessionId, message: event.message };
    case "hook-run": {
      const { type, ...fields } = event.event;
      const subtype = type === "hook-start" ? "hook_started" : "hook_response";
      return { type: "system", subtype, session_id: sessionId, ...fields };
    }
    case "hook-notice":
      return { type: "system", subtype: "hook_notice", session_id: sessionId, ...event.notice };
    case "model-retry":
      return {
        type: "system",
        subtype: "api_retry",
        session_id: sessionId,
        attempt: event.attempt,
        delay_ms: event.delayMs,
        reason: event.reason,
      };
    case "prompt-blocked":
      return { type: "system", subtype: "prompt_blocked", session_id: sessionId, reason: event.reason };
    case "warning":
      return { type: "system", subtype: "warning", session_id: sessionId, message: event.message };
    default:
      return undefined;
  }
}
