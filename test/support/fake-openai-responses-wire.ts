// The Responses API stream the fake model server plays for one scripted turn: named SSE events
// (response.created, output_item.added/done around each reasoning item, message and function call,
// reasoning_summary_text / output_text / function_call_arguments deltas split the way real servers
// split them, response.completed or response.incomplete with usage incl. cached tokens), and the
// `error` event of a scripted stream error.
import type { ScriptedTurn } from "../../src/providers/script-format.js";
import { type SseEvent, splitRealistically, toolCallId } from "./fake-model-server-wire.js";

export type ResponsesPlan = {
  /** The reasoning item the response starts with (reasoning models). */
  reasoning?: { id: string; text: string; summary: boolean; encrypted?: string };
  prompt: number;
  cached: number;
};

export function responsesEvents(
  turn: ScriptedTurn,
  turnNumber: number,
  model: string,
  plan: ResponsesPlan,
): SseEvent[] {
  let sequence = 0;
  const events: SseEvent[] = [];
  const emit = (type: string, payload: Record<string, unknown>) =>
    events.push({ event: type, data: JSON.stringify({ type, sequence_number: sequence++, ...payload }) });
  const response = {
    id: `resp_fake_${turnNumber}`,
    object: "response",
    created_at: 1,
    status: "in_progress",
    model,
    output: [] as unknown[],
    usage: null as unknown,
    incomplete_details: null as unknown,
    error: null,
  };
  emit("response.created", { response });
  emit("response.in_progress", { response });
  if (turn.fault?.stream_error) {
    emit("error", {
      code: turn.fault.stream_error,
      message: `fake model server: scripted ${turn.fault.stream_error}`,
      param: null,
    });
    return events;
  }
  const output: Array<Record<string, unknown>> = [];
  const item = (
    added: Record<string, unknown>,
    body: (index: number) => void,
    done: Record<string, unknown>,
  ) => {
    const index = output.length;
    emit("response.output_item.added", { output_index: index, item: added });
    body(index);
    emit("response.output_item.done", { output_index: index, item: done });
    output.push(done);
  };
  const reasoning = plan.reasoning;
  if (reasoning) {
    const summary =
      reasoning.summary && reasoning.text !== "" ? [{ type: "summary_text", text: reasoning.text }] : [];
    item(
      { id: reasoning.id, type: "reasoning", summary: [] },
      (index) => {
        if (summary.length === 0) return;
        const where = { item_id: reasoning.id, output_index: index, summary_index: 0 };
        emit("response.reasoning_summary_part.added", { ...where, part: { type: "summary_text", text: "" } });
        for (const delta of splitRealistically(reasoning.text))
          emit("response.reasoning_summary_text.delta", { ...where, delta });
        emit("response.reasoning_summary_text.done", { ...where, text: reasoning.text });
        emit("response.reasoning_summary_part.done", { ...where, part: summary[0] });
      },
      {
        id: reasoning.id,
        type: "reasoning",
        summary,
        ...(reasoning.encrypted ? { encrypted_content: reasoning.encrypted } : {}),
      },
    );
  }
  if (turn.text !== undefined && turn.text !== "") {
    const text = turn.text;
    const id = `msg_fake_${turnNumber}`;
    const part = { type: "output_text", text, annotations: [] };
    item(
      { id, type: "message", status: "in_progress", role: "assistant", content: [] },
      (index) => {
        const where = { item_id: id, output_index: index, content_index: 0 };
        emit("response.content_part.added", { ...where, part: { ...part, text: "" } });
        for (const delta of splitRealistically(text)) emit("response.output_text.delta", { ...where, delta });
        emit("response.output_text.done", { ...where, text });
        emit("response.content_part.done", { ...where, part });
      },
      { id, type: "message", status: "completed", role: "assistant", content: [part] },
    );
  }
  (turn.tool_calls ?? []).forEach((call, callIndex) => {
    const callId = toolCallId(turnNumber, callIndex, call.id, "call");
    const id = `fc_fake_${turnNumber}_${callIndex}`;
    const args = call.raw_arguments ?? JSON.stringify(call.input ?? {});
    const base = { id, type: "function_call", call_id: callId, name: call.name };
    item(
      { ...base, status: "in_progress", arguments: "" },
      (index) => {
        for (const delta of splitRealistically(args))
          emit("response.function_call_arguments.delta", { item_id: id, output_index: index, delta });
        emit("response.function_call_arguments.done", { item_id: id, output_index: index, arguments: args });
      },
      { ...base, status: "completed", arguments: args },
    );
  });
  const outputChars =
    (reasoning?.text ?? "").length + (turn.text ?? "").length + JSON.stringify(turn.tool_calls ?? []).length;
  const outputTokens = turn.usage?.output_tokens ?? Math.max(1, Math.ceil(outputChars / 4));
  const inputTokens = turn.usage?.input_tokens ?? plan.prompt;
  const cached = turn.usage ? 0 : plan.cached;
  const reasoningTokens = reasoning ? Math.ceil(reasoning.text.length / 4) + 8 : 0;
  const incomplete = turn.stop_reason === "max_tokens";
  emit(incomplete ? "response.incomplete" : "response.completed", {
    response: {
      ...response,
      status: incomplete ? "incomplete" : "completed",
      incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
      output,
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: cached },
        output_tokens: outputTokens + reasoningTokens,
        output_tokens_details: { reasoning_tokens: reasoningTokens },
        total_tokens: inputTokens + outputTokens + reasoningTokens,
      },
    },
  });
  return events;
}
