// What each tool call of a headless `--output-format json` run came to, as the model saw it: the
// tool_result blocks of the request that carried them back (text, error flag), and whether the run's
// permission_denials list the call.

export type CallOutcome = { text: string; isError: boolean; denied: boolean };

type Block = { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean };

/** `stdout`: the run's JSON result; `body`: the model request that carried the results. */
export function toolOutcomes(stdout: string, body: unknown): Map<string, CallOutcome> {
  const result = JSON.parse(stdout) as { permission_denials: Array<{ tool_use_id: string }> };
  const denied = new Set(result.permission_denials.map((denial) => denial.tool_use_id));
  const outcomes = new Map<string, CallOutcome>();
  const messages = (body as { messages?: Array<{ content: Block[] | string }> } | undefined)?.messages ?? [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block.type !== "tool_result" || !block.tool_use_id) continue;
      const text = typeof block.content === "string" ? block.content : JSON.stringify(block.content);
      outcomes.set(block.tool_use_id, {
        text,
        isError: block.is_error === true,
        denied: denied.has(block.tool_use_id),
      });
    }
  }
  return outcomes;
}
