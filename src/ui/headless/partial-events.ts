// `--include-partial-messages`: the raw Anthropic Messages API stream events (message_start,
// content_block_start / _delta / _stop, message_delta, message_stop) rebuilt from the session's
// provider-neutral events, so consumers see the same shapes whichever provider answered. Text streams
// and thinking stream as they arrive (a thinking block's signature comes with the whole response);
// a tool call's block opens when the call starts and its input arrives whole as one
// input_json_delta when the response is complete (providers hand reagent the input only then).
import type { SessionEvent } from "../../session/index.js";

type RawEvent = Record<string, unknown>;
type OpenBlock = { index: number; kind: "text" | "thinking" | "tool"; id?: string };
type AssistantMessage = Extract<SessionEvent, { type: "assistant-message" }>;

/** The blocks of the message being streamed; text and thinking go to their open block, if any. */
type StreamState = { started: boolean; blocks: OpenBlock[]; text?: OpenBlock; thinking?: OpenBlock };

/** What each streamed kind opens its block with and how its deltas look. */
const STREAMED = {
  text: {
    emptyBlock: () => ({ type: "text", text: "" }),
    delta: (text: string) => ({ type: "text_delta", text }),
  },
  thinking: {
    emptyBlock: () => ({ type: "thinking", thinking: "", signature: "" }),
    delta: (text: string) => ({ type: "thinking_delta", thinking: text }),
  },
} as const;

function messageStart(state: StreamState, model: string, id: string | undefined): RawEvent {
  Object.assign(state, { started: true, blocks: [], text: undefined, thinking: undefined });
  return {
    type: "message_start",
    message: {
      id: id ?? null,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    },
  };
}

/** A text or thinking delta: the other kind's block is done; a block of this kind opens if none is. */
function streamedDelta(state: StreamState, kind: "text" | "thinking", text: string): RawEvent[] {
  if (!state.started || text === "") return [];
  const out: RawEvent[] = [];
  state[kind === "text" ? "thinking" : "text"] = undefined;
  let block = state[kind];
  if (!block) {
    block = { index: state.blocks.length, kind };
    state[kind] = block;
    state.blocks.push(block);
    out.push({ type: "content_block_start", index: block.index, content_block: STREAMED[kind].emptyBlock() });
  }
  out.push({ type: "content_block_delta", index: block.index, delta: STREAMED[kind].delta(text) });
  return out;
}

/** A tool call starts: its block opens (text or thinking after it opens a new block). */
function toolBlockStart(state: StreamState, id: string, name: string): RawEvent[] {
  if (!state.started) return [];
  state.text = undefined;
  state.thinking = undefined;
  const block: OpenBlock = { index: state.blocks.length, kind: "tool", id };
  state.blocks.push(block);
  return [
    {
      type: "content_block_start",
      index: block.index,
      content_block: { type: "tool_use", id, name, input: {} },
    },
  ];
}

/** The whole message is in: each thinking block gets its signature, each tool block its input, all close. */
function closingBlocks(blocks: readonly OpenBlock[], event: AssistantMessage): RawEvent[] {
  const out: RawEvent[] = [];
  const thinking = event.message.content.filter((content) => content.type === "thinking");
  let thinkingSeen = 0;
  for (const block of blocks) {
    if (block.kind === "thinking") {
      const signature = thinking[thinkingSeen++]?.signature;
      if (signature)
        out.push({
          type: "content_block_delta",
          index: block.index,
          delta: { type: "signature_delta", signature },
        });
    }
    if (block.kind === "tool") {
      const call = event.message.content.find(
        (content) => content.type === "tool_use" && content.id === block.id,
      );
      const input = call?.type === "tool_use" ? call.input : {};
      out.push({
        type: "content_block_delta",
        index: block.index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(input) },
      });
    }
    out.push({ type: "content_block_stop", index: block.index });
  }
  return out;
}

function messageEnd(state: StreamState, event: AssistantMessage): RawEvent[] {
  if (!state.started) return [];
  const out = closingBlocks(state.blocks, event);
  out.push(
    {
      type: "message_delta",
      delta: { stop_reason: event.stopReason, stop_sequence: null },
      usage: event.usage,
    },
    { type: "message_stop" },
  );
  Object.assign(state, { started: false, blocks: [], text: undefined, thinking: undefined });
  return out;
}

export function createPartialEvents(): { lines(event: SessionEvent): RawEvent[] } {
  const state: StreamState = { started: false, blocks: [] };
  return {
    lines(event) {
      switch (event.type) {
        case "message-start":
          return [messageStart(state, event.model, event.id)];
        case "thinking-delta":
          return streamedDelta(state, "thinking", event.text);
        case "text-delta":
          return streamedDelta(state, "text", event.text);
        case "tool-call-delta":
          return toolBlockStart(state, event.id, event.name);
        case "assistant-message":
          return messageEnd(state, event);
        default:
          return [];
      }
    },
  };
}
