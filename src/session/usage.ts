// Usage arithmetic for session totals.
import type { Usage } from "../model/types.js";

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
}
