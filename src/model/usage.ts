// Usage arithmetic: one request's usage added to a total (session and turn totals, a tool's side
// requests), every counter included.
import type { Usage } from "./types.js";

export function addUsage(total: Usage, add: Usage): void {
  total.input_tokens += add.input_tokens;
  total.output_tokens += add.output_tokens;
  if (add.cache_read_input_tokens)
    total.cache_read_input_tokens = (total.cache_read_input_tokens ?? 0) + add.cache_read_input_tokens;
  if (add.cache_creation_input_tokens)
    total.cache_creation_input_tokens =
      (total.cache_creation_input_tokens ?? 0) + add.cache_creation_input_tokens;
  const searches = add.server_tool_use?.web_search_requests;
  if (searches)
    total.server_tool_use = {
      web_search_requests: (total.server_tool_use?.web_search_requests ?? 0) + searches,
    };
  if (add.reasoning_tokens) total.reasoning_tokens = (total.reasoning_tokens ?? 0) + add.reasoning_tokens;
}
