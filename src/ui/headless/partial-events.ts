// `--include-partial-messages`: the raw Anthropic Messages API stream events (message_start,
// content_block_start / _delta / _stop, message_delta, message_stop) rebuilt from the session's
// provider-neutral events, so consumers see the same shapes whichever provider answered. Text streams
// and thinking stream as they arrive (a thinking block's signature comes with the whole response);
// a tool call's block opens when the call starts and its input arrives whole as one
// input_json_delta when the response is complete (providers hand reagent the input only then).
import type { SessionEvent } from "../../session/index.js";

type RawEvent = Record<string, unknown>;
type OpenBlock = { index: number; kind: "text" | "thinking" | "tool"; id?: string };

export function createPartialEvents(): { lines(event: SessionEvent): RawEvent[] } {
  let blocks: OpenBlock[] = [];
  let textBlock: OpenBlock | undefined;
  let thinkingBlock: OpenBlock | undefined;
  let started = false;

  const start = (model: string, id: string | undefined): RawEvent => {
    started = true;
    blocks = [];
    textBlock = undefined;
    thinkingBlock = undefined;
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
  };

  return {
    lines(event) {
      switch (event.type) {
        case "message-start":
          return [start(event.model, event.id)];
        case "thinking-delta": {
          if (!started || event.text === "") return [];
          const out: RawEvent[] = [];
          if (!thinkingBlock) {
            textBlock = undefined;
            thinkingBlock = { index: blocks.length, kind: "thinking" };
            blocks.push(thinkingBlock);
            out.push({
              type: "content_block_start",
              index: thinkingBlock.index,
              content_block: { type: "thinking", thinking: "", signature: "" },
            });
          }
          out.push({
            type: "content_block_delta",
            index: thinkingBlock.index,
            delta: { type: "thinking_delta", thinking: event.text },
          });
          return out;
        }
        case "text-delta": {
          if (!started || event.text === "") return [];
          const out: RawEvent[] = [];
          thinkingBlock = undefined;
          if (!textBlock) {
            textBlock = { index: blocks.length, kind: "text" };
            blocks.push(textBlock);
            out.push({
              type: "content_block_start",
              index: textBlock.index,
              content_block: { type: "text", text: "" },
            });
          }
          out.push({
            type: "content_block_delta",
            index: textBlock.index,
            delta: { type: "text_delta", text: event.text },
          });
          return out;
        }
        case "tool-call-delta": {
          if (!started) return [];
          // Text or thinking after this call opens a new block.
          textBlock = undefined;
          thinkingBlock = undefined;
          const block: OpenBlock = { index: blocks.length, kind: "tool", id: event.id };
          blocks.push(block);
          return [
            {
              type: "content_block_start",
              index: block.index,
              content_block: { type: "tool_use", id: event.id, name: event.name, input: {} },
            },
          ];
        }
        case "assistant-message": {
          if (!started) return [];
          started = false;
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
          out.push(
            {
              type: "message_delta",
              delta: { stop_reason: event.stopReason, stop_sequence: null },
              usage: event.usage,
            },
            { type: "message_stop" },
          );
          blocks = [];
          textBlock = undefined;
          thinkingBlock = undefined;
          return out;
        }
        default:
          return [];
      }
    },
  };
}
