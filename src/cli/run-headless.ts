// Headless mode (-p): run one prompt to completion, print the result (text, json or stream-json)
// on stdout, activity on stderr; SIGINT aborts the turn and exits 130 after saying so.
import { activityLine } from "../ui/headless/activity-lines.js";
import { resultJson } from "../ui/headless/result-json.js";
import { streamJsonLine } from "../ui/headless/stream-json.js";
import type { Runtime } from "./compose.js";
import type { CliOptions } from "./options.js";

export async function runHeadless(runtime: Runtime, options: CliOptions, prompt: string): Promise<number> {
  const { session, sessionId } = runtime;
  const out = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
  session.subscribe((event) => {
    const line = activityLine(event, options.verbose);
    if (line && options.outputFormat !== "stream-json") process.stderr.write(`${line}\n`);
    if (options.outputFormat === "stream-json") {
      const json = streamJsonLine(event, sessionId);
      if (json) out(json);
    }
  });
  for (const message of runtime.startupWarnings) process.stderr.write(`reagent: ${message}\n`);
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write("reagent: interrupted; stopping the request and any running tool\n");
    session.abort();
  };
  process.on("SIGINT", onSigint);
  try {
    if (options.outputFormat === "stream-json")
      out({
        type: "system",
        subtype: "init",
        session_id: sessionId,
        cwd: runtime.cwd,
        model: runtime.model.model,
        provider: runtime.model.provider,
        tools: runtime.session.options.registry.names(),
        permissionMode: runtime.gate.mode,
      });
    await session.start(runtime.startSource);
    const attachments: string[] = [];
    if (runtime.mcp && /@[\w.-]+:\S/.test(prompt)) {
      const attached = await runtime.mcp.attachResources(prompt);
      for (const error of attached.errors) process.stderr.write(`reagent: ${error}\n`);
      if (attached.text) attachments.push(attached.text);
    }
    const turn = await session.submit(prompt, attachments);
    // Claude Code's SessionEnd reasons are clear, logout, prompt_input_exit and other.
    await session.end("other");
    if (options.outputFormat === "text") {
      if (turn.isError) process.stderr.write(`reagent: ${describeFailure(turn.terminal)}\n`);
      if (turn.result && !(turn.isError && turn.terminal.reason === "error"))
        process.stdout.write(`${turn.result}\n`);
    } else out(resultJson(turn, sessionId, { context: session.contextUsage() }));
    if (interrupted) return 130;
    return turn.isError ? 1 : 0;
  } finally {
    process.off("SIGINT", onSigint);
    await runtime.close();
  }
}

function describeFailure(terminal: import("../loop/events.js").Terminal): string {
  switch (terminal.reason) {
    case "max_turns":
      return `stopped after reaching --max-turns ${terminal.turns}; raise it or narrow the task`;
    case "error":
      return `${terminal.error.message}`;
    case "aborted":
      return "the run was aborted";
    case "max_budget":
      return terminal.message;
    default:
      return terminal.reason;
  }
}
