// Prompt-cache economics of a real session: the built CLI plays a 30-tool-call session (each Read
// returns ~4 KB) against the in-process fake model server, which emulates Anthropic's prompt cache
// and OpenAI's automatic prefix cache. Prints input / cache-write / cache-read tokens, the
// billed-input factor (input + 1.25·write + 0.1·read) / (input + write + read) and the billed
// token-equivalents next to the targets; on the OpenAI routes (Chat Completions, and the Responses
// API with its reasoning items passed back) the cached share of the prompt tokens.
// Figures, no assertions. Run after `npm run build`: node --import tsx bench/cache.ts
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Script } from "../src/providers/script-format.js";
import { startFakeModelServer } from "../test/support/fake-model-server.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = path.join(ROOT, "bin", "reagent.js");
const CALLS = 30;
const RESULT_BYTES = 4096;
const CLAUDE_CODE_BILLED = 179_000;

type Usage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
};

function project(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-cache-"));
  mkdirSync(path.join(dir, "src"));
  for (let index = 0; index < CALLS; index++) {
    const line = `export function handler${index}(input: string): string { return input.trim(); }\n`;
    writeFileSync(
      path.join(dir, "src", `file-${index}.ts`),
      line.repeat(Math.ceil(RESULT_BYTES / line.length)).slice(0, RESULT_BYTES),
    );
  }
  return dir;
}

function script(): Script {
  const turns: Script = Array.from({ length: CALLS }, (_, index) => ({
    text: `Reading file ${index}.`,
    tool_calls: [{ name: "Read", input: { file_path: `src/file-${index}.ts` } }],
  }));
  turns.push({ text: "All files read; the handlers trim their input." });
  return turns;
}

function run(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

type Route = "anthropic" | "openai" | "responses";
const ROUTE_ENV: Record<
  Route,
  (server: { anthropicBaseURL: string; openaiBaseURL: string }) => Record<string, string>
> = {
  anthropic: (server) => ({
    ANTHROPIC_API_KEY: "bench",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    ANTHROPIC_MODEL: "claude-sonnet-4-6",
  }),
  openai: (server) => ({
    OPENAI_API_KEY: "bench",
    OPENAI_BASE_URL: server.openaiBaseURL,
    OPENAI_MODEL: "gpt-4.1",
  }),
  // A codex model takes the Responses API by itself; every step carries a reasoning item.
  responses: (server) => ({
    OPENAI_API_KEY: "bench",
    OPENAI_BASE_URL: server.openaiBaseURL,
    OPENAI_MODEL: "gpt-5-codex",
  }),
};

async function session(route: Route, extraEnv: Record<string, string> = {}): Promise<Usage> {
  const dir = project();
  const home = mkdtempSync(path.join(os.tmpdir(), "reagent-bench-home-"));
  const server = await startFakeModelServer(script());
  try {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      ...ROUTE_ENV[route](server),
      ...extraEnv,
    };
    const result = await run(
      [
        "-p",
        "Read every file in src/ one by one and summarise them.",
        "--output-format",
        "json",
        "--max-turns",
        "40",
      ],
      dir,
      env,
    );
    if (result.code !== 0)
      throw new Error(`reagent exited ${result.code}: ${result.stderr}\n${result.stdout}`);
    if (server.refusals.length > 0) throw new Error(`the server refused: ${JSON.stringify(server.refusals)}`);
    return (JSON.parse(result.stdout) as { usage: Usage }).usage;
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

function anthropicRow(label: string, usage: Usage) {
  const input = usage.input_tokens;
  const write = usage.cache_creation_input_tokens ?? 0;
  const read = usage.cache_read_input_tokens ?? 0;
  const billed = input + 1.25 * write + 0.1 * read;
  return {
    session: label,
    input,
    "cache write": write,
    "cache read": read,
    "billed factor": Number((billed / (input + write + read)).toFixed(3)),
    "billed tokens": Math.round(billed),
    "vs Claude Code (179k)": `${((billed / CLAUDE_CODE_BILLED) * 100).toFixed(0)}%`,
  };
}

console.log(
  `cache bench: ${CALLS} Read calls of ~${RESULT_BYTES / 1024} KB each, fake server emulating the providers' prompt caches`,
);
const cached = await session("anthropic");
const uncached = await session("anthropic", { DISABLE_PROMPT_CACHING: "1" });
console.log(
  "\nAnthropic (claude-sonnet-4-6): targets billed factor ≤ 0.15, billed tokens ≤ 0.6 × 179k ≈ 107k",
);
console.table([anthropicRow("with breakpoints", cached), anthropicRow("DISABLE_PROMPT_CACHING=1", uncached)]);
function sharedRow(usage: Usage) {
  const prompt = usage.input_tokens + (usage.cache_read_input_tokens ?? 0);
  const cached = usage.cache_read_input_tokens ?? 0;
  return { "prompt tokens": prompt, cached, "cached share": Number((cached / prompt).toFixed(3)) };
}

console.log("\nOpenAI-compatible (gpt-4.1, automatic prefix caching): target cached share ≥ 0.9");
console.table([sharedRow(await session("openai"))]);
console.log(
  "\nOpenAI Responses API (gpt-5-codex, stateless, encrypted reasoning passed back): target cached share ≥ 0.9",
);
console.table([sharedRow(await session("responses"))]);
