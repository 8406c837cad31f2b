#!/usr/bin/env node
// PreToolUse hook (matcher "Edit|Write"), Claude Code JSON style: deny writes to .env files with a
// reason, allow everything else without an opinion (no output = no decision).
let payload = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  payload += chunk;
});
process.stdin.on("end", () => {
  const { tool_input: input = {} } = JSON.parse(payload || "{}");
  const path = String(input.file_path ?? "");
  if (!/(^|\/)\.env(\.|$)/.test(path)) return;
  const output = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: `examples/hooks: ${path} holds secrets; edit .env.example instead`,
    },
  };
  process.stdout.write(JSON.stringify(output));
});
