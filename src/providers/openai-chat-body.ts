// Chat Completions request bodies made with json-body.ts, so that a request serialises only the
// messages added since the one before. The builder's items are the system prompt and our messages
// (the session's own objects, the same from one request to the next); each item's text is its wire
// messages (openai-chat-wire.ts) joined by commas, "" when it has none. The conversion also depends
// on whether the server reasons, so the kept text is started over when that changes.
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { Message } from "../model/index.js";
import { asciiJsonList, createJsonBodyBuilder } from "./json-body.js";
import { type ChatMessageOptions, chatMessagesOf, chatSystemMessages } from "./openai-chat-wire.js";

/** The system prompt as an item of the history: one object per text, so that the kept run of a
 *  conversation's history starts at it, also while conversations with other prompts take turns. */
type SystemItem = { system: string };

/** System prompts whose item is kept (as many as the histories json-body.ts keeps, and some). */
const KEPT_SYSTEM_ITEMS = 8;

/** Every field of the request but its messages. */
export type ChatBodyParams = Omit<ChatCompletionCreateParamsStreaming, "messages">;

type BuildChatBody = (
  params: ChatBodyParams,
  conversation: { system: string; messages: readonly Message[] },
  options: ChatMessageOptions,
) => string;

export type ChatBodyBuilder = BuildChatBody & {
  /** Of the last body's items (the system prompt counts as one): how many came from the body
   *  before it, and how many were serialised. */
  readonly last: { reused: number; serialised: number };
};

/** A builder for one client's requests: the JSON text of `params` with the conversation as its
 *  `messages`, the system prompt first. */
export function createChatBodyBuilder(): ChatBodyBuilder {
  let build = createJsonBodyBuilder();
  let reasoner: boolean | undefined;
  const systemItems = new Map<string, SystemItem>();
  const systemItem = (system: string): SystemItem => {
    let item = systemItems.get(system);
    if (item === undefined) {
      item = { system };
      systemItems.set(system, item);
      const oldest = systemItems.keys().next().value;
      if (systemItems.size > KEPT_SYSTEM_ITEMS && oldest !== undefined) systemItems.delete(oldest);
    }
    return item;
  };
  const last = { reused: 0, serialised: 0 };
  const chatBody: BuildChatBody = (params, conversation, options) => {
    const reasons = options.reasoner === true;
    if (reasons !== reasoner) build = createJsonBodyBuilder();
    reasoner = reasons;
    const items: ReadonlyArray<SystemItem | Message> = [
      systemItem(conversation.system),
      ...conversation.messages,
    ];
    const json = (item: SystemItem | Message) =>
      "role" in item
        ? asciiJsonList(chatMessagesOf(item, options))
        : asciiJsonList(chatSystemMessages(item.system));
    const text = build(params, "messages", { items, json });
    Object.assign(last, build.last);
    return text;
  };
  return Object.assign(chatBody, { last });
}
