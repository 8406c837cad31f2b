// The JSON script format shared by the scripted provider (`--model scripted:FILE`) and the
// wire-level fake model server in tests: a list of assistant turns played in order.
import { z } from "zod";

const scriptedToolCallSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string(),
  /** Arguments as an object … */
  input: z.record(z.string(), z.unknown()).optional(),
  /** … or as raw argument text, to simulate a model that sends broken JSON. */
  raw_arguments: z.string().optional(),
});

/** Faults only the wire-level fake server can play (the in-process scripted provider ignores them). */
const scriptedFaultSchema = z.strictObject({
  status: z.number().int().optional(),
  retry_after: z.number().optional(),
  body: z.string().optional(),
  drop_after_chunks: z.number().int().optional(),
  malformed_event: z.boolean().optional(),
  chunk_delay_ms: z.number().int().optional(),
  /** An error event inside the 200 stream before any content, with this code (e.g. "server_error",
   *  "rate_limit_exceeded"; Anthropic: an error type such as "overloaded_error"). */
  stream_error: z.string().optional(),
});

/** A provider-run web search the fake server plays (Anthropic `server_tool_use` + `web_search_tool_result`). */
const scriptedWebSearchSchema = z.strictObject({
  query: z.string(),
  results: z
    .array(z.strictObject({ title: z.string(), url: z.string(), page_age: z.string().optional() }))
    .optional(),
  /** Play a `web_search_tool_result_error` with this code instead of results. */
  error_code: z.string().optional(),
});

const scriptedCitationSchema = z.strictObject({
  url: z.string(),
  title: z.string(),
  cited_text: z.string(),
});

const scriptedTurnSchema = z.strictObject({
  /** What the model thinks before answering: a thinking block (Anthropic, when thinking is on) or
   *  reasoning_content (OpenAI-compatible reasoners). "" = this step does not think. */
  thinking: z.string().optional(),
  /** Also issue a redacted_thinking block (Anthropic) before the thinking block. */
  redacted_thinking: z.boolean().optional(),
  text: z.string().optional(),
  tool_calls: z.array(scriptedToolCallSchema).optional(),
  /** Wire-level fake server only: a server-side web search played before `text`. */
  web_search: scriptedWebSearchSchema.optional(),
  /** Wire-level fake server only: web search citations attached to `text`. */
  citations: z.array(scriptedCitationSchema).optional(),
  stop_reason: z
    .enum(["end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "pause_turn"])
    .optional(),
  usage: z.object({ input_tokens: z.number(), output_tokens: z.number() }).optional(),
  fault: scriptedFaultSchema.optional(),
});

export const scriptSchema = z.array(scriptedTurnSchema);

export type ScriptedToolCall = z.infer<typeof scriptedToolCallSchema>;
export type ScriptedTurn = z.infer<typeof scriptedTurnSchema>;
export type Script = z.infer<typeof scriptSchema>;
