// Bytes the interactive REPL writes to the terminal for one ~900-character markdown answer, measured
// in a real pseudo-terminal (tmux, 80x24, byte log through pipe-pane) with the built CLI against a
// small Anthropic-style SSE server that streams the answer the way a model does (a few characters
// every 20 ms, about 300 characters a second). Also: bytes written while a permission dialog waits
// (should be 0) and while idle. Prints medians; no assertions. Needs tmux.
// Run after `npm run build`: node --import tsx bench/repl.ts
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BIN, cleanEnv } from "../test/support/cli.js";
import { createWorkspace } from "../test/support/workspace.js";
import { hasTmux, startTmux, type TmuxSession } from "../test/ui/repl/tmux.js";

const RUNS = 5;
const CHUNK_CHARS = 6;
const CHUNK_MS = 20;
/** The measurement of Claude Code for the same answer in the same terminal size. */
const CLAUDE_CODE_BYTES = 19 * 1024;
/** Issue 30 measured Claude Code 2.1.197 at 14.8 KB for a markdown answer (reagent then 28.9 KB). */
const CLAUDE_CODE_2_1_BYTES = 14.8 * 1024;

const ANSWER = [
  "## Plan",
  "",
  "The failing test comes from `parseConfig`, which reads the **port** as a string.",
  "",
  "1. Convert the value with `Number()` and reject anything that is not an integer.",
  "2. Add a test for `PORT=abc` and for an empty value.",
  "3. Keep the default of `8080` when the variable is missing.",
  "",
  "```ts",
  "const port = Number(env.PORT ?? 8080);",
  'if (!Number.isInteger(port)) throw new Error("PORT must be a number");',
  "```",
  "",
  "| case | before | after |",
  "|------|--------|------:|",
  '| `PORT=8081` | "8081" | 8081 |',
  '| `PORT=abc` | "abc" | error |',
  "",
  "After the change the suite passes, and the error names the variable and the value.",
  "",
  "> Note: the same parsing runs for `HOST` and `TIMEOUT`; both get the same check, so a typo in any",
  "> of them stops the start-up with a clear message instead of a crash much later.",
  "",
  "Run `npm test` once more after the edit; it takes about a minute on this project.",
].join("\n");

function sse(response: ServerResponse, type: string, data: Record<string, unknown>) {
  response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

/** A minimal Anthropic Messages stream: the answer in small deltas at a model's pace. */
async function answer(_request: IncomingMessage, response: ServerResponse) {
  response.writeHead(200, { "content-type": "text/event-stream" });
  const usage = { input_tokens: 1200, output_tokens: 1 };
  sse(response, "message_start", {
    message: {
      id: "msg_bench",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-6",
      content: [],
      usage,
    },
  });
  sse(response, "content_block_start", { index: 0, content_block: { type: "text", text: "" } });
  for (let start = 0; start < ANSWER.length; start += CHUNK_CHARS) {
    sse(response, "content_block_delta", {
      index: 0,
      delta: { type: "text_delta", text: ANSWER.slice(start, start + CHUNK_CHARS) },
    });
    await new Promise((resolve) => setTimeout(resolve, CHUNK_MS));
  }
  sse(response, "content_block_stop", { index: 0 });
  sse(response, "message_delta", { delta: { stop_reason: "end_turn" }, usage: { output_tokens: 230 } });
  sse(response, "message_stop", {});
  response.end();
}

/** The spinner phase: "spin" asks for a 3-second command; its result gets a one-word answer. */
function spinReply(response: ServerResponse, body: string) {
  const request = JSON.parse(body) as { messages: Array<{ content: unknown }> };
  const last = JSON.stringify(request.messages.at(-1)?.content ?? "");
  const block = last.includes("tool_result")
    ? { type: "text", text: "" }
    : { type: "tool_use", id: `toolu_spin${Date.now()}`, name: "Bash", input: {} };
  response.writeHead(200, { "content-type": "text/event-stream" });
  sse(response, "message_start", {
    message: { id: "msg_spin", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [] },
  });
  sse(response, "content_block_start", { index: 0, content_block: block });
  sse(response, "content_block_delta", {
    index: 0,
    delta:
      block.type === "text"
        ? { type: "text_delta", text: "slept" }
        : { type: "input_json_delta", partial_json: JSON.stringify({ command: "sleep 3" }) },
  });
  sse(response, "content_block_stop", { index: 0 });
  const stop = block.type === "text" ? "end_turn" : "tool_use";
  sse(response, "message_delta", { delta: { stop_reason: stop }, usage: { output_tokens: 20 } });
  sse(response, "message_stop", {});
  response.end();
}

async function startServer() {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () =>
      body.includes("spin") ? spinReply(response, body) : void answer(request, response),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function waitFor(tmux: TmuxSession, predicate: (screen: string) => boolean, what: string) {
  await tmux.waitFor(predicate, what, 60_000);
}

function median(values: number[]): number {
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  if (middle === undefined) throw new Error("a median of no runs");
  return middle;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!hasTmux) {
    console.log("repl: tmux is not installed; skipped");
    return;
  }
  const server = await startServer();
  const space = createWorkspace();
  const env = cleanEnv({ ANTHROPIC_API_KEY: "x", ANTHROPIC_BASE_URL: server.url, TERM: "xterm-256color" });
  delete (env as Record<string, string | undefined>).NO_COLOR;
  const tmux = startTmux({ command: [process.execPath, BIN], cwd: space.dir, env, columns: 80, rows: 24 });
  const perAnswer: number[] = [];
  const seconds: number[] = [];
  try {
    await waitFor(tmux, (screen) => screen.includes("Type a message"), "the prompt");
    for (let run = 0; run < RUNS; run++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = tmux.bytes().length;
      const started = performance.now();
      tmux.type(`question ${run}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      tmux.keys("Enter");
      await waitFor(
        tmux,
        (screen) =>
          screen.split("the error names the variable").length - 1 > run && !screen.includes("Working…"),
        `answer ${run}`,
      );
      seconds.push((performance.now() - started) / 1000);
      perAnswer.push(tmux.bytes().length - before);
      if (process.env.REPL_BENCH_DUMP)
        (await import("node:fs")).writeFileSync(
          `${process.env.REPL_BENCH_DUMP}.${run}`,
          tmux.bytes().subarray(before),
        );
    }
    // The spinner alone: a 3-second command runs (acceptEdits lets `sleep` run without a question).
    tmux.keys("BTab");
    await new Promise((resolve) => setTimeout(resolve, 300));
    tmux.type("spin");
    await new Promise((resolve) => setTimeout(resolve, 100));
    tmux.keys("Enter");
    await waitFor(tmux, (screen) => /Bash\(sleep 3\) \d+s/.test(screen), "the command running");
    const spinStart = tmux.bytes().length;
    const spinAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const spinner = ((tmux.bytes().length - spinStart) * 1000) / (performance.now() - spinAt);
    await waitFor(tmux, (screen) => screen.includes("slept"), "the command's end");
    const idleStart = tmux.bytes().length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = tmux.bytes().length - idleStart;
    const bytes = median(perAnswer);
    console.log(
      `answer: ${ANSWER.length} characters streamed in ${CHUNK_CHARS}-character deltas every ${CHUNK_MS} ms`,
    );
    console.log(
      `bytes written per answer (prompt typed, answer streamed, spinner, redraws): median ${bytes} (${kb(bytes)}), runs ${perAnswer.join(", ")}`,
    );
    console.log(`time per answer: median ${median(seconds).toFixed(1)} s`);
    console.log(
      `Claude Code for the same answer (the issue's figure, not measured here): ${kb(CLAUDE_CODE_BYTES)}; ratio ${(bytes / CLAUDE_CODE_BYTES).toFixed(2)}× (target ≤ 2×)`,
    );
    console.log(
      `Claude Code 2.1.197 for a markdown answer (issue 30's figure, not measured here): ${kb(CLAUDE_CODE_2_1_BYTES)}; ratio ${(bytes / CLAUDE_CODE_2_1_BYTES).toFixed(2)}×`,
    );
    console.log(
      `bytes written per second while a command runs (spinner, elapsed time): ${Math.round(spinner)}`,
    );
    console.log(`bytes written in 2 s idle at the prompt: ${idle}`);
  } finally {
    tmux.kill();
    space.cleanup();
    await server.close();
  }
}

await main();
