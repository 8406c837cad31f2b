#!/usr/bin/env node
// PostToolUse hook (matcher "*"): prints a one-line summary of every tool result to stderr.
// Exit 0 with text on stderr: reagent shows the line to the user; the model never sees it.
let payload = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  payload += chunk;
});
process.stdin.on("end", () => {
  const event = JSON.parse(payload || "{}");
  const input = event.tool_input ?? {};
  const subject = input.command ?? input.file_path ?? input.pattern ?? "";
  const result = String(event.tool_result ?? "");
  const status = event.tool_is_error ? "error" : "ok";
  process.stderr.write(
    `examples/hooks: ${event.tool_name} ${subject} -> ${status}, ${result.length} chars in ${event.duration_ms ?? "?"} ms\n`,
  );
});
