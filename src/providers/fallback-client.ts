// `--fallback-model`: a ModelClient that uses the primary model until a request fails because the
// model stays overloaded (HTTP 529/503 after every retry), then makes that request again with the
// fallback model and keeps using it for the rest of the session. Thinking blocks of the first model
// are dropped from what the fallback is sent (their signatures belong to the other model).
import type { Message, ModelClient, ModelEvent, ModelRequest } from "../model/index.js";

type FallbackClient = ModelClient & { readonly switched: boolean };

export function withFallbackModel(
  primary: ModelClient,
  createFallback: () => Promise<ModelClient>,
  onSwitch: (from: string, to: ModelClient, reason: string) => void,
): FallbackClient {
  let active = primary;
  let switched = false;
  /** History length at the switch: thinking in messages before it belongs to the first model. */
  let foreignBefore = 0;
  const forFallback = (request: ModelRequest): ModelRequest => {
    const messages = withoutForeignThinking(request.messages, foreignBefore);
    // A tool loop whose last reply lost its thinking cannot run with thinking on: this step goes without.
    const last = request.messages.length - 2;
    const loopLostThinking = last >= 0 && last < foreignBefore && messages[last] !== request.messages[last];
    return { ...request, messages, ...(loopLostThinking ? { reasoning: "off" as const } : {}) };
  };
  return {
    provider: primary.provider,
    get model() {
      return active.model;
    },
    get acceptsImages() {
      return active.acceptsImages;
    },
    get switched() {
      return switched;
    },
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      if (switched) {
        yield* active.stream(forFallback(request));
        return;
      }
      let failure: Extract<ModelEvent, { type: "error" }> | undefined;
      let emitted = false;
      for await (const event of primary.stream(request)) {
        if (event.type === "error" && event.error.kind === "overloaded" && !emitted) {
          failure = event;
          break;
        }
        if (
          event.type === "text-delta" ||
          event.type === "tool-call-delta" ||
          event.type === "thinking-delta"
        )
          emitted = true;
        yield event;
      }
      if (!failure) return;
      try {
        active = await createFallback();
      } catch (error) {
        yield {
          type: "error",
          error: {
            ...failure.error,
            message: `${failure.error.message}; the fallback model could not be set up: ${String(error)}`,
          },
        };
        return;
      }
      switched = true;
      foreignBefore = request.messages.length;
      onSwitch(primary.model, active, failure.error.message);
      yield* active.stream(forFallback(request));
    },
  };
}

/** Thinking blocks were signed for the model that wrote them; another model refuses them. */
function withoutForeignThinking(messages: Message[], before: number): Message[] {
  return messages.map((message, index) => {
    if (
      index >= before ||
      message.role !== "assistant" ||
      !message.content.some((block) => block.type === "thinking" || block.type === "redacted_thinking")
    )
      return message;
    const content = message.content.filter(
      (block) => block.type !== "thinking" && block.type !== "redacted_thinking",
    );
    return {
      role: "assistant",
      content: content.length > 0 ? content : [{ type: "text", text: "(thinking)" }],
    };
  });
}
