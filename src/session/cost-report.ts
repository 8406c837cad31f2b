// `/cost` and the status line's cost for the REPL, from the session's usage ledger: tokens per model
// with the cache counters and web searches (side requests and subagents included), the cost of
// each, and models whose price is unknown said so.
import type { Message } from "../model/index.js";
import { formatUsd, type UsageLedger } from "./usage-ledger.js";

export function costReport(ledger: UsageLedger): string {
  const models = Object.entries(ledger.models);
  if (models.length === 0) return "No model requests yet in this session.";
  const lines = [
    `Total cost: ${formatUsd(ledger.totalCostUsd)}${ledger.unpriced.size > 0 ? " (models with an unknown price not included)" : ""}`,
  ];
  for (const [model, entry] of models) {
    const cost = ledger.unpriced.has(model)
      ? "unknown price (add it to modelPricing in settings)"
      : formatUsd(entry.costUSD);
    const searches =
      entry.webSearchRequests > 0
        ? `, ${entry.webSearchRequests} web search${entry.webSearchRequests === 1 ? "" : "es"}`
        : "";
    lines.push(
      `  ${model}: ${entry.inputTokens} input, ${entry.cacheCreationInputTokens} cache write, ` +
        `${entry.cacheReadInputTokens} cache read, ${entry.outputTokens} output tokens${searches} · ${cost}`,
    );
  }
  return lines.join("\n");
}

export function costSoFar(ledger: UsageLedger): string | undefined {
  if (Object.keys(ledger.models).length === 0) return undefined;
  return ledger.unpriced.size > 0 && ledger.totalCostUsd === 0
    ? "cost unknown"
    : formatUsd(ledger.totalCostUsd);
}

/** The thinking of the newest assistant message that has some. */
export function lastThinking(messages: readonly Message[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== "assistant") continue;
    const text = message.content.flatMap((block) =>
      block.type === "thinking" && block.thinking !== "" ? [block.thinking] : [],
    );
    if (text.length > 0) return text.join("\n\n");
  }
  return undefined;
}
