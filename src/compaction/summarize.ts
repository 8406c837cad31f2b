// Asks a ModelClient for the handover summary of a history and reduces its event stream to a
// result. Never throws: a stream error, an exception from a faulty client, an abort or an empty
// reply all become `{ ok: false, error }`, and the caller leaves the history exactly as it was. A
// request that was answered carries its usage either way (it was paid for).
import type { Message, ModelClient, Usage } from "../model/index.js";
import { errorMessage } from "../util/index.js";
import { buildSummaryRequest, type SummaryRequestOptions } from "./summary-request.js";

type SummarizeOptions = SummaryRequestOptions & {
  signal: AbortSignal;
  /** Output token limit for the summary (default 8,192). */
  maxTokens?: number;
};

type SummarizeResult =
  | { ok: true; summary: string; usage: Usage; truncated: boolean }
  | { ok: false; error: string; usage?: Usage };

const DEFAULT_SUMMARY_MAX_TOKENS = 8_192;

export async function summarize(
  client: ModelClient,
  history: readonly Message[],
  options: SummarizeOptions,
): Promise<SummarizeResult> {
  const { system, messages } = buildSummaryRequest(history, options);
  let streamed = "";
  try {
    for await (const event of client.stream({
      system,
      messages,
      tools: [],
      maxTokens: options.maxTokens ?? DEFAULT_SUMMARY_MAX_TOKENS,
      reasoning: "off",
      signal: options.signal,
    })) {
      if (event.type === "text-delta") streamed += event.text;
      else if (event.type === "error") {
        if (event.error.kind === "aborted") return failure("compaction was cancelled");
        return failure(`the model returned an error: ${event.error.message}`);
      } else if (event.type === "message-end") {
        const final = event.message.content
          .flatMap((block) => (block.type === "text" ? [block.text] : []))
          .join("");
        const summary = (final.trim() === "" ? streamed : final).trim();
        if (summary === "") return { ...failure("the model returned an empty summary"), usage: event.usage };
        return { ok: true, summary, usage: event.usage, truncated: event.stopReason === "max_tokens" };
      }
    }
  } catch (error) {
    if (options.signal.aborted) return failure("compaction was cancelled");
    return failure(`the summary request failed: ${errorMessage(error)}`);
  }
  if (options.signal.aborted) return failure("compaction was cancelled");
  return failure("the summary stream ended without a result");
}

function failure(reason: string): SummarizeResult {
  return { ok: false, error: `Compaction failed: ${reason}. The conversation history is unchanged.` };
}
