// Command-line options as parsed by commander, normalised into one typed object.

import { SETTING_SOURCES, type SettingSource } from "../config/settings.js";
import { PERMISSION_MODES, type PermissionMode } from "../contracts/index.js";
import { PROVIDER_NAMES } from "../providers/create-model-client.js";
import { UsageError } from "../util/errors.js";
import { isOneOf } from "../util/one-of.js";
import { splitRules } from "../util/rule-list.js";
import { type INPUT_FORMATS, sdkOptions } from "./sdk-options.js";

export const DEFAULT_MAX_TURNS = 50;
export const OUTPUT_FORMATS = ["text", "json", "stream-json"] as const;

export const PROVIDERS = PROVIDER_NAMES;
export const EFFORTS = ["low", "medium", "high", "max"] as const;

export type CliOptions = {
  print: boolean;
  prompt?: string;
  outputFormat: (typeof OUTPUT_FORMATS)[number];
  model?: string;
  provider?: (typeof PROVIDERS)[number];
  maxTurns?: number;
  verbose: boolean;
  permissionMode?: PermissionMode;
  allowedTools: string[];
  disallowedTools: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  settings: string[];
  /** `--setting-sources user,project,local`: the settings scopes to read (absent: all). */
  settingSources?: SettingSource[];
  mcpConfig: string[];
  addDir: string[];
  /** `-c`: resume the project's most recent session. */
  continue: boolean;
  /** `-r [id]`: resume that session; `true` when the flag was given without an id. */
  resume?: string | true;
  /** `--no-session-persistence` sets this to false: no transcript is written. */
  sessionPersistence: boolean;
  /** `--require-trust`: refuse untrusted or changed folder configuration in headless runs (exit 2). */
  requireTrust?: boolean;
  /** `--fork-session`: a resumed session goes on under a new id, the original left as it was. */
  forkSession?: boolean;
  /** `--init` / `--init-only` / `--maintenance`: Setup hooks run (with this trigger) before SessionStart. */
  setup?: "init" | "maintenance";
  /** `--init-only`: run the Setup and SessionStart hooks, then exit. */
  initOnly?: boolean;
  /** `--agents JSON`: session-only agent definitions (parsed when the session is built). */
  agents?: string;
  /** `--effort`: thinking / reasoning effort. */
  effort?: (typeof EFFORTS)[number];
  /** `--max-thinking-tokens`: the thinking budget (0 turns thinking off); wins over MAX_THINKING_TOKENS. */
  maxThinkingTokens?: number;
  /** `--thinking`: on (adaptive or enabled, at the model's default budget) or off. */
  thinking?: "on" | "off";
  /** `--max-budget-usd`: the run stops once its cost reaches this. */
  maxBudgetUsd?: number;
  /** `--fallback-model`: used after repeated overload errors. */
  fallbackModel?: string;
  /** `--input-format stream-json`: one JSON message per stdin line, plus the SDK control protocol. */
  inputFormat: (typeof INPUT_FORMATS)[number];
  includePartialMessages: boolean;
  replayUserMessages: boolean;
  /** `--json-schema`: the final answer must be a JSON value valid against this schema. */
  jsonSchema?: Record<string, unknown>;
  /** `--session-id`: the id of a new session (a UUID). */
  sessionId?: string;
  /** `--permission-prompt-tool stdio`: permission questions go to the SDK caller (can_use_tool). */
  permissionPromptTool?: string;
  /** `--strict-mcp-config`: only the servers of --mcp-config (no .mcp.json, no MCP_CONFIG). */
  strictMcpConfig: boolean;
  /** `--allow-dangerously-skip-permissions`: the caller may switch to bypassPermissions later. */
  allowBypassPermissions: boolean;
  /** `--tools`: the built-in tools offered (default: all); MCP and skills are not affected. */
  tools?: string[];
  systemPromptFile?: string;
  /** Flags accepted for compatibility that reagent does not act on (named once on stderr). */
  ignoredFlags: string[];
  /** `--debug` / `--debug-file`: trace lines (as TRACE=1) on stderr / appended to that file. */
  debug?: boolean;
  debugFile?: string;
};

type Raw = Record<string, unknown>;

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((item) =>
    splitRules(String(item)),
  );

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];

/** `user,project` → the scopes; an empty value reads no settings files (only `--settings`). */
function settingSources(value: unknown): SettingSource[] | undefined {
  if (value === undefined) return undefined;
  const names = String(value)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.map((name) => {
    if (!isOneOf(SETTING_SOURCES, name))
      throw new UsageError(
        `--setting-sources ${String(value)}: "${name}" is not one of ${SETTING_SOURCES.join(", ")}`,
      );
    return name;
  });
}

export function normaliseOptions(raw: Raw, prompt: string | undefined): CliOptions {
  const outputFormat = String(raw.outputFormat ?? "text");
  if (!isOneOf(OUTPUT_FORMATS, outputFormat))
    throw new UsageError(`--output-format ${outputFormat}: use one of ${OUTPUT_FORMATS.join(", ")}`);
  let maxTurns: number | undefined;
  if (raw.maxTurns !== undefined) {
    maxTurns = Number(raw.maxTurns);
    if (!Number.isInteger(maxTurns) || maxTurns < 1)
      throw new UsageError(`--max-turns ${String(raw.maxTurns)}: expected a positive whole number`);
  }
  const provider = raw.provider === undefined ? undefined : String(raw.provider);
  if (provider !== undefined && !isOneOf(PROVIDERS, provider))
    throw new UsageError(`--provider ${provider}: use ${PROVIDERS.join(", ")}`);
  const requestedMode = raw.permissionMode === undefined ? undefined : String(raw.permissionMode);
  if (requestedMode !== undefined && !isOneOf(PERMISSION_MODES, requestedMode))
    throw new UsageError(`--permission-mode ${requestedMode}: use one of ${PERMISSION_MODES.join(", ")}`);
  const permissionMode: PermissionMode | undefined = raw.dangerouslySkipPermissions
    ? "bypassPermissions"
    : requestedMode;
  const resume = raw.resume === undefined ? undefined : raw.resume === true ? true : String(raw.resume);
  if (raw.continue === true && resume !== undefined)
    throw new UsageError(
      "--continue and --resume: use one of them (--continue picks the most recent session)",
    );
  let maxBudgetUsd: number | undefined;
  if (raw.maxBudgetUsd !== undefined) {
    maxBudgetUsd = Number(raw.maxBudgetUsd);
    if (!Number.isFinite(maxBudgetUsd) || maxBudgetUsd <= 0)
      throw new UsageError(
        `--max-budget-usd ${String(raw.maxBudgetUsd)}: expected a positive amount of US dollars, e.g. 0.50`,
      );
  }
  const effort = raw.effort === undefined ? undefined : String(raw.effort);
  if (effort !== undefined && !isOneOf(EFFORTS, effort))
    throw new UsageError(`--effort ${effort}: use low, medium, high or max`);
  return {
    effort,
    maxBudgetUsd,
    fallbackModel: raw.fallbackModel === undefined ? undefined : String(raw.fallbackModel),
    print: raw.print === true,
    prompt,
    outputFormat,
    model: raw.model === undefined ? undefined : String(raw.model),
    provider,
    maxTurns,
    verbose: raw.verbose === true,
    permissionMode,
    allowedTools: list(raw.allowedTools),
    disallowedTools: list(raw.disallowedTools),
    systemPrompt: raw.systemPrompt === undefined ? undefined : String(raw.systemPrompt),
    appendSystemPrompt: raw.appendSystemPrompt === undefined ? undefined : String(raw.appendSystemPrompt),
    settings: strings(raw.settings),
    settingSources: settingSources(raw.settingSources),
    mcpConfig: strings(raw.mcpConfig),
    addDir: list(raw.addDir),
    continue: raw.continue === true,
    resume,
    sessionPersistence: raw.sessionPersistence !== false,
    requireTrust: raw.requireTrust === true,
    forkSession: raw.forkSession === true,
    ...setupOptions(raw),
    agents: raw.agents === undefined ? undefined : String(raw.agents),
    ...sdkOptions(raw),
  };
}

/** `--init`, `--init-only` and `--maintenance` (one at most): which Setup trigger runs. */
function setupOptions(raw: Record<string, unknown>): Pick<CliOptions, "setup" | "initOnly"> {
  const given = (["init", "initOnly", "maintenance"] as const).filter((flag) => raw[flag] === true);
  if (given.length > 1)
    throw new UsageError("--init, --init-only and --maintenance each run Setup hooks: give one of them");
  if (given.length === 0) return {};
  return given[0] === "maintenance"
    ? { setup: "maintenance" }
    : { setup: "init", initOnly: given[0] === "initOnly" };
}
