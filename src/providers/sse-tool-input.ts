// Parses tool-call arguments assembled from streamed fragments (Anthropic `input_json_delta`,
// OpenAI `function.arguments`). Broken arguments never throw: they become `input: {}` plus an
// `inputError` that names the problem and shows the raw text, so the loop can tell the model.

import { errorMessage, truncateHead } from "../util/index.js";

type ParsedToolInput = { input: Record<string, unknown>; inputError?: string };

const rawPreviewLimit = 300;

export function parseToolArguments(raw: string): ParsedToolInput {
  if (raw.trim() === "") return { input: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = errorMessage(error);
    return { input: {}, inputError: `arguments are not valid JSON (${reason}): ${preview(raw)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const found = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    return { input: {}, inputError: `arguments must be a JSON object, got ${found}: ${preview(raw)}` };
  }
  return { input: value as Record<string, unknown> };
}

function preview(raw: string): string {
  return truncateHead(raw, rawPreviewLimit, "arguments truncated");
}
