#!/usr/bin/env node
// PreToolUse hook (matcher "Bash"): blocks every shell command. Exit code 2 means "deny";
// stderr becomes the reason the model sees, and reagent tells the user in one line.
let payload = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  payload += chunk;
});
process.stdin.on("end", () => {
  const { tool_input: input = {} } = JSON.parse(payload || "{}");
  process.stderr.write(
    `examples/hooks: Bash blocked by PreToolUse demo (command: ${input.command ?? "?"})\n`,
  );
  process.exit(2);
});
