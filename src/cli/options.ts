// Command-line options as parsed by commander, normalised into one typed object.

import { EFFORTS, OUTPUT_FORMATS, PROVIDERS, type RunOptions } from "../app/index.js";
import { SETTING_SOURCES, type SettingSource } from "../config/index.js";
import { PERMISSION_MODES, type PermissionMode } from "../contracts/index.js";
import { isOneOf, splitRules, UsageError } from "../util/index.js";
import { sdkOptions } from "./sdk-options.js";

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

export function normaliseOptions(raw: Raw, prompt: string | undefined): RunOptions {
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
    pluginDirs: strings(raw.pluginDir),
    pluginDirsNoMcp: strings(raw.pluginDirNoMcp),
    sandbox: raw.sandbox === true,
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
function setupOptions(raw: Record<string, unknown>): Pick<RunOptions, "setup" | "initOnly"> {
  const given = (["init", "initOnly", "maintenance"] as const).filter((flag) => raw[flag] === true);
  if (given.length > 1)
    throw new UsageError("--init, --init-only and --maintenance each run Setup hooks: give one of them");
  if (given.length === 0) return {};
  return given[0] === "maintenance"
    ? { setup: "maintenance" }
    : { setup: "init", initOnly: given[0] === "initOnly" };
}
