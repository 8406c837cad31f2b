import type { Options, SDKMessage, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { BIN } from "./cli.js";
import type { FakeModelServer } from "./fake-model-server.js";
import { tempFolder } from "./temp-folder.js";

export function sdkEnv(server: FakeModelServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: tempFolder("sdk-home"),
    NO_COLOR: "1",
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: server.anthropicBaseURL,
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    ...extra,
  };
}

/** SDK options that run reagent in `cwd` against `server`; stderr is collected for failure messages. */
export function sdkOptions(
  server: FakeModelServer,
  cwd: string,
  extra: Partial<Options> = {},
): Options & { stderrText: () => string } {
  let stderr = "";
  return {
    pathToClaudeCodeExecutable: BIN,
    cwd,
    env: sdkEnv(server),
    stderr: (data: string) => {
      stderr += data;
    },
    ...extra,
    stderrText: () => stderr,
  };
}

/** Collects every message of a query; an error thrown by the SDK is returned, not thrown. */
export async function collect(
  messages: AsyncIterable<SDKMessage>,
): Promise<{ messages: SDKMessage[]; error?: Error }> {
  const seen: SDKMessage[] = [];
  try {
    for await (const message of messages) seen.push(message);
    return { messages: seen };
  } catch (error) {
    return { messages: seen, error: error as Error };
  }
}

export function resultOf(messages: SDKMessage[]) {
  const results = messages.filter((message) => message.type === "result");
  const last = results.at(-1);
  if (!last) throw new Error(`no result among ${messages.map((message) => message.type).join(", ")}`);
  return last;
}

/** A user message as a program streams it. */
export function userTurn(text: string): SDKUserMessage {
  return { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null };
}

/** A prompt stream of two user turns: the second is sent once `sendSecond()` is called. */
export function twoTurns(first: string, second: string) {
  let sendSecond: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    sendSecond = resolve;
  });
  async function* prompts(): AsyncGenerator<SDKUserMessage> {
    yield userTurn(first);
    await gate;
    yield userTurn(second);
  }
  return { prompts: prompts(), sendSecond: () => sendSecond() };
}
