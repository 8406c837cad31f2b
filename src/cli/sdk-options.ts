// The flags programs and the Agent SDKs pass (`--input-format stream-json`, `--json-schema`,
// `--setting-sources`, `--session-id`, `--permission-prompt-tool`, `--agents` …), validated into
// typed options. Each error names the flag and what to pass instead.

import type { RunOptions } from "../app/index.js";
import { INPUT_FORMATS } from "../app/index.js";
import { isOneOf, UsageError } from "../util/index.js";

type Raw = Record<string, unknown>;
type SdkOptions = Pick<
  RunOptions,
  | "inputFormat"
  | "includePartialMessages"
  | "replayUserMessages"
  | "jsonSchema"
  | "sessionId"
  | "permissionPromptTool"
  | "strictMcpConfig"
  | "allowBypassPermissions"
  | "tools"
  | "systemPromptFile"
  | "maxThinkingTokens"
  | "thinking"
  | "ignoredFlags"
  | "debug"
  | "debugFile"
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Flags the SDKs may pass that reagent accepts without acting on them; named once on stderr. */
const IGNORED_FLAGS = [
  { key: "thinkingDisplay", flag: "--thinking-display" },
  { key: "betas", flag: "--betas" },
] as const;

const text = (value: unknown) => (value === undefined ? undefined : String(value));
const commaList = (value: unknown) =>
  String(value)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

function jsonSchema(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let schema: unknown;
  try {
    schema = JSON.parse(String(value));
  } catch (error) {
    throw new UsageError(
      `--json-schema: invalid JSON (${(error as Error).message}); pass a JSON Schema object`,
    );
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    throw new UsageError(
      '--json-schema: expected a JSON Schema object, e.g. {"type":"object","properties":{…}}',
    );
  return schema as Record<string, unknown>;
}

/** `--max-thinking-tokens N` (what the SDKs send for `thinking: {type: "enabled", budgetTokens}`): the
 *  same setting as MAX_THINKING_TOKENS, which it overrides. */
function maxThinkingTokens(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new UsageError(
      `--max-thinking-tokens ${String(value)}: expected a whole number of tokens, e.g. 8000 (0 turns thinking off)`,
    );
  return Number(text);
}

/** `--thinking adaptive|enabled|disabled` (the SDKs' `thinking` option without a budget). */
function thinkingMode(value: unknown): RunOptions["thinking"] {
  if (value === undefined) return undefined;
  const mode = String(value);
  if (mode === "adaptive" || mode === "enabled") return "on";
  if (mode === "disabled") return "off";
  throw new UsageError(`--thinking ${mode}: use adaptive, enabled or disabled`);
}

export function sdkOptions(raw: Raw): SdkOptions {
  const inputFormat = String(raw.inputFormat ?? "text");
  if (!isOneOf(INPUT_FORMATS, inputFormat))
    throw new UsageError(`--input-format ${inputFormat}: use one of ${INPUT_FORMATS.join(", ")}`);
  const sessionId = text(raw.sessionId);
  if (sessionId !== undefined && !UUID.test(sessionId))
    throw new UsageError(
      `--session-id ${sessionId}: expected a UUID such as 3f2b8c1e-9d4a-4f6b-8e2a-1c5d7e9f0a1b`,
    );
  const prompt = text(raw.permissionPromptTool);
  if (prompt !== undefined && prompt !== "stdio")
    throw new UsageError(
      `--permission-prompt-tool ${prompt}: reagent supports "stdio" (the program driving it answers can_use_tool requests); an MCP tool as the permission prompt is not supported`,
    );
  const tools = raw.tools === undefined ? undefined : String(raw.tools);
  const systemPromptFile = text(raw.systemPromptFile);
  return {
    inputFormat,
    includePartialMessages: raw.includePartialMessages === true,
    replayUserMessages: raw.replayUserMessages === true,
    jsonSchema: jsonSchema(raw.jsonSchema),
    sessionId,
    permissionPromptTool: prompt,
    strictMcpConfig: raw.strictMcpConfig === true,
    allowBypassPermissions: raw.allowDangerouslySkipPermissions === true,
    // `--tools default` (or no flag) offers every built-in tool; `--tools ""` none.
    tools: tools === undefined || tools === "default" ? undefined : commaList(tools),
    systemPromptFile,
    maxThinkingTokens: maxThinkingTokens(raw.maxThinkingTokens),
    thinking: thinkingMode(raw.thinking),
    debug: raw.debug === true,
    debugFile: text(raw.debugFile),
    ignoredFlags: IGNORED_FLAGS.filter(({ key }) => raw[key] !== undefined).map(({ flag }) => flag),
  };
}
