// The codes a failed tool result carries: one union, so the model-facing text and the machine-readable
// code stay apart, tests assert on codes, and a UI or hook can branch on them. A new failure of a tool
// adds its code here (the compiler then checks every `fail()`).
export const TOOL_ERROR_CODES = [
  // The runner and the loop: the call never reached the tool, or the tool broke.
  "unknown_tool",
  "invalid_json",
  "invalid_input",
  "hook_denied",
  "permission_denied",
  "aborted",
  "skipped",
  "tool_crashed",
  // Files (Read, Write, Edit) and the file system.
  "file_not_found",
  "is_directory",
  "binary_file",
  "file_too_large",
  "not_read_yet",
  "file_changed",
  "no_match",
  "multiple_matches",
  "identical_strings",
  "empty_old_string",
  "invalid_path",
  "folder_error",
  "disk_full",
  "not_regular_file",
  "image_not_supported",
  "not_an_image",
  // Search (Glob, Grep).
  "invalid_regex",
  "invalid_pattern",
  "invalid_type",
  "search_failed",
  // Shell (Bash).
  "timeout",
  "exit_code",
  "spawn_failed",
  // Web (WebFetch, WebSearch).
  "invalid_url",
  "blocked_address",
  "dns_failed",
  "fetch_failed",
  "http_error",
  "too_many_redirects",
  "bad_redirect",
  "unsupported_content_type",
  "response_too_large",
  "image_too_large",
  "invalid_image",
  "invalid_query",
  "search_auth",
  "rate_limited",
  // MCP servers.
  "mcp_error",
  "mcp_tool_error",
  "mcp_invalid_result",
  "mcp_timeout",
  "mcp_server_unavailable",
  "mcp_unknown_server",
  "mcp_unknown_prompt",
  "mcp_prompt_args",
  "mcp_resource_error",
  // Skills, agents and tasks.
  "unknown_skill",
  "skill_unreadable",
  "skill_invalid",
  "task_not_found",
  "invalid_dependency",
] as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];
