// The one read of process.env: a typed snapshot of the variables reagent understands.

export type EnvSnapshot = {
  all: Record<string, string | undefined>;
  trace: boolean;
  hooksDisabled: boolean;
  allowWrite: boolean;
  mcpConfig: string[];
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  anthropicModel?: string;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiModel?: string;
  contextWindowTokens?: number;
  /** Problems with variables that were set but could not be used (shown once at start-up). */
  warnings: string[];
  autoCompact: boolean;
  compact: boolean;
  homeDir: string;
  shell: string;
  scriptLog?: string;
};

const truthy = (value: string | undefined) =>
  value !== undefined && value !== "" && value !== "0" && value !== "false";
const nonEmpty = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : undefined);

export function readEnv(env: NodeJS.ProcessEnv, homeDir: string): EnvSnapshot {
  const window = Number(env.CONTEXT_WINDOW_TOKENS);
  const warnings: string[] = [];
  if (env.CONTEXT_WINDOW_TOKENS !== undefined && env.CONTEXT_WINDOW_TOKENS !== "" && !(window > 0))
    warnings.push(
      `CONTEXT_WINDOW_TOKENS=${env.CONTEXT_WINDOW_TOKENS} is not a positive number of tokens; using the model's known window`,
    );
  return {
    warnings,
    all: { ...env },
    trace: truthy(env.TRACE),
    hooksDisabled: env.HOOKS === "0" || env.HOOKS === "false",
    allowWrite: truthy(env.ALLOW_WRITE),
    mcpConfig: (env.MCP_CONFIG ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
    anthropicApiKey: nonEmpty(env.ANTHROPIC_API_KEY),
    anthropicBaseUrl: nonEmpty(env.ANTHROPIC_BASE_URL),
    anthropicModel: nonEmpty(env.ANTHROPIC_MODEL),
    openaiApiKey: nonEmpty(env.OPENAI_API_KEY),
    openaiBaseUrl: nonEmpty(env.OPENAI_BASE_URL),
    openaiModel: nonEmpty(env.OPENAI_MODEL),
    contextWindowTokens: Number.isFinite(window) && window > 0 ? window : undefined,
    autoCompact: env.AUTOCOMPACT !== "0",
    compact: env.COMPACT !== "0",
    homeDir: nonEmpty(env.HOME) ?? homeDir,
    shell: nonEmpty(env.SHELL) ?? "/bin/sh",
    scriptLog: nonEmpty(env.REAGENT_SCRIPT_LOG),
  };
}
