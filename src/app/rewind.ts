// Rewinding a session to before one of its prompts: the conversation (the history is cut before the
// prompt's user message, the transcript records it, the prompt leaves the checkpoint list) and the
// code (checkpoints/code-rewind.ts). Every front-end goes through here: the REPL's /rewind,
// `reagent rewind`, the SDK's rewind_files.
import type { Checkpoints, PromptEntry } from "../checkpoints/index.js";
import type { Session } from "../session/index.js";
import { promptText } from "./create-checkpoints.js";

type ConversationRewind = { ok: true; prompt: PromptEntry } | { ok: false; message: string };

/** Whether the history still holds the prompt where the log says (not after a compaction or /clear). */
export function conversationHolds(session: Session, prompt: PromptEntry): boolean {
  const message = session.messages[prompt.messageIndex];
  return message?.role === "user" && promptText(message.content) === prompt.text;
}

export function rewindConversation(
  session: Session,
  checkpoints: Checkpoints,
  prompt: PromptEntry,
): ConversationRewind {
  if (session.running) return { ok: false, message: "a turn is running; rewind once it has ended" };
  if (!conversationHolds(session, prompt))
    return {
      ok: false,
      message: `prompt ${prompt.number} is no longer in the conversation as it was (compacted or cleared since); only its code can be rewound`,
    };
  session.messages.splice(prompt.messageIndex);
  session.lastUsage = undefined;
  session.lastRequestIndex = 0;
  session.options.context?.reset();
  session.options.refreshSystemPrompt?.();
  checkpoints.conversationRewound(prompt);
  session.emit({ type: "history-rewound", messages: [...session.messages] });
  return { ok: true, prompt };
}
