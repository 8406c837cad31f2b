// Shared helpers for the provider adapter tests: build either adapter against the fake model
// server, collect a stream's events, and a recording tracer.
import type { Message, ModelClient, ModelEvent, ToolSchema } from "../../src/model/types.js";
import { createAnthropicClient } from "../../src/providers/anthropic.js";
import { createOpenAIChatClient } from "../../src/providers/openai-chat.js";
import type { TraceFields, Tracer } from "../../src/util/trace.js";

export type ProviderName = "anthropic" | "openai";
export const providerNames: ProviderName[] = ["anthropic", "openai"];

export type RecordingTracer = Tracer & { lines: Array<{ event: string; fields: TraceFields }> };

export function recordingTracer(): RecordingTracer {
  const lines: RecordingTracer["lines"] = [];
  return { enabled: true, lines, trace: (event, fields = {}) => lines.push({ event, fields }) };
}

export function makeClient(
  provider: ProviderName,
  server: { anthropicBaseURL: string; openaiBaseURL: string },
  extra: { maxRetries?: number; tracer?: Tracer; apiKey?: string } = {},
): ModelClient {
  const common = { apiKey: extra.apiKey ?? "test-key", model: "test-model", retryBaseDelayMs: 1, ...extra };
  return provider === "anthropic"
    ? createAnthropicClient({ ...common, baseURL: server.anthropicBaseURL })
    : createOpenAIChatClient({ ...common, baseURL: server.openaiBaseURL });
}

export async function collect(
  client: ModelClient,
  options: { messages?: Message[]; tools?: ToolSchema[]; system?: string; signal?: AbortSignal } = {},
  onEvent?: (event: ModelEvent) => void,
): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of client.stream({
    system: options.system ?? "You are a test.",
    messages: options.messages ?? [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    tools: options.tools ?? [],
    signal: options.signal ?? new AbortController().signal,
  })) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

/** The single terminal event, asserting there is exactly one and it is last. */
export function terminal(events: ModelEvent[]): Extract<ModelEvent, { type: "message-end" | "error" }> {
  const terminals = events.filter((event) => event.type === "message-end" || event.type === "error");
  if (terminals.length !== 1) throw new Error(`expected one terminal event, got ${terminals.length}`);
  if (events.at(-1) !== terminals[0]) throw new Error("terminal event is not last");
  return terminals[0] as Extract<ModelEvent, { type: "message-end" | "error" }>;
}

export function endMessage(events: ModelEvent[]): Extract<ModelEvent, { type: "message-end" }> {
  const end = terminal(events);
  if (end.type !== "message-end")
    throw new Error(`expected message-end, got error: ${JSON.stringify(end.error)}`);
  return end;
}

export function errorOf(events: ModelEvent[]): Extract<ModelEvent, { type: "error" }>["error"] {
  const end = terminal(events);
  if (end.type !== "error") throw new Error("expected an error, got message-end");
  return end.error;
}
