// One request without tools and its text answer: the final message's text, or what streamed when the
// final message has none. Used by the side requests that want a plain answer (WebFetch condensing a
// page, prompt hooks judging an event). Never throws: a failure, an empty answer or a stream that ends
// without a result comes back as `{ ok: false, error }`.

import type { ModelClient, Usage } from "../model/index.js";
import { errorMessage } from "../util/index.js";

export type SingleAnswer = { ok: true; text: string; usage: Usage } | { ok: false; error: string };

export async function singleAnswer(
  client: ModelClient,
  request: { system: string; text: string; maxTokens: number; signal: AbortSignal },
): Promise<SingleAnswer> {
  let streamed = "";
  try {
    for await (const event of client.stream({
      system: request.system,
      messages: [{ role: "user", content: [{ type: "text", text: request.text }] }],
      tools: [],
      maxTokens: request.maxTokens,
      signal: request.signal,
    })) {
      if (event.type === "text-delta") streamed += event.text;
      else if (event.type === "error") return { ok: false, error: event.error.message };
      else if (event.type === "message-end") {
        const final = event.message.content
          .flatMap((block) => (block.type === "text" ? [block.text] : []))
          .join("");
        const answer = (final.trim() === "" ? streamed : final).trim();
        return answer === ""
          ? { ok: false, error: "the model returned an empty answer" }
          : { ok: true, text: answer, usage: event.usage };
      }
    }
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
  return { ok: false, error: "the answer stream ended without a result" };
}
