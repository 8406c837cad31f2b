#!/usr/bin/env node
// Stop hook: the first time the agent wants to stop, ask it to say what it verified.
// `stop_hook_active` is true when the agent is already continuing because of a Stop hook:
// letting it stop then is what prevents an endless loop.
let payload = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  payload += chunk;
});
process.stdin.on("end", () => {
  const event = JSON.parse(payload || "{}");
  if (event.stop_hook_active || /verified/i.test(event.last_assistant_message ?? "")) process.exit(0);
  process.stdout.write(
    JSON.stringify({
      decision: "block",
      reason: "examples/hooks: before stopping, say in one line what you verified.",
    }),
  );
});
