// The one read of process.env: a typed snapshot of the variables reagent understands.
import { isAbsolute, join } from "node:path";

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
  /** Proxies for WebFetch/WebSearch (upper- or lower-case variables; see tools/web/proxy-choice.ts). */
  httpsProxy?: string;
  httpProxy?: string;
  noProxy?: string;
  /** Claude Code's name for the small, fast model (used to condense fetched pages on Anthropic). */
  smallFastModel?: string;
  /** Search backends for WebSearch (see cli/web-tools.ts). */
  braveApiKey?: string;
  braveBaseUrl?: string;
  tavilyApiKey?: string;
  tavilyBaseUrl?: string;
  searxngUrl?: string;
  /** DISABLE_PROMPT_CACHING=1: no cache_control breakpoints (Anthropic). */
  promptCaching: boolean;
  /** MAX_THINKING_TOKENS: thinking budget for models with manual thinking; 0 turns thinking off.
   *  `--max-thinking-tokens` wins (withThinkingFlags). */
  maxThinkingTokens?: number;
  /** `--thinking adaptive|enabled` (no variable): thinking on at the model's default budget. */
  thinkingOn?: boolean;
  /** CLAUDE_CODE_USE_BEDROCK=1: Claude through Amazon Bedrock. */
  useBedrock: boolean;
  /** CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING (the Agent SDK's enableFileCheckpointing): checkpoints
   *  in a stream-json run. */
  sdkFileCheckpointing: boolean;
  /** AWS_REGION, else AWS_DEFAULT_REGION. */
  awsRegion?: string;
  awsAccessKeyId?: string;
  awsSecretAccessKey?: string;
  awsSessionToken?: string;
  awsProfile?: string;
  /** AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE (default ~/.aws/config, ~/.aws/credentials). */
  awsConfigFile?: string;
  awsCredentialsFile?: string;
  /** AWS_BEARER_TOKEN_BEDROCK: a Bedrock API key, sent instead of a SigV4 signature. */
  awsBearerTokenBedrock?: string;
  /** ANTHROPIC_BEDROCK_BASE_URL: the Bedrock runtime endpoint (default from the region). */
  bedrockBaseUrl?: string;
  /** CLAUDE_CODE_API_KEY_HELPER_TTL_MS: how long an `apiKeyHelper` key is used before it is asked again. */
  apiKeyHelperTtlMs?: number;
  /** ANTHROPIC_DEFAULT_{FABLE,OPUS,SONNET,HAIKU}_MODEL: what the aliases resolve to. */
  aliasOverrides: { fable?: string; opus?: string; sonnet?: string; haiku?: string };
  /** stream-json input: `system/session_state_changed` lines, which Claude Code writes only when the
   *  TypeScript Agent SDK (CLAUDE_CODE_SDK_READS_SESSION_STATE) or the user asks for them. */
  sessionStateEvents: boolean;
  /** Where the Agent SDK's session functions look (`<CLAUDE_CONFIG_DIR or ~/.claude>/projects`), when
   *  saved sessions are also listed there: REAGENT_CLAUDE_SESSIONS=1, or a run started by the Agent
   *  SDK (CLAUDE_CODE_ENTRYPOINT=sdk-…) unless REAGENT_CLAUDE_SESSIONS=0. */
  claudeProjectsDir?: string;
};

const truthy = (value: string | undefined) =>
  value !== undefined && value !== "" && value !== "0" && value !== "false";
const nonEmpty = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : undefined);

/** HOME when it names an absolute folder, otherwise `accountHomeDir` (the OS user's home from the
 *  user database, e.g. `os.userInfo().homedir`) — never a relative path, which would put transcripts
 *  and `~/…` paths inside the working directory. */
function resolveHome(home: string | undefined, accountHomeDir: () => string, warnings: string[]): string {
  const value = nonEmpty(home);
  if (value && isAbsolute(value)) return value;
  let account = "";
  try {
    account = accountHomeDir();
  } catch {
    // No user database entry (e.g. a container user without a passwd line).
  }
  if (value) {
    if (account)
      warnings.push(`HOME=${value} is not an absolute path; using your account's home folder ${account}`);
    else warnings.push(`HOME=${value} is not an absolute path and your account has no home folder; using /`);
  }
  return account && isAbsolute(account) ? account : "/";
}

function thinkingTokens(value: string | undefined, warnings: string[]): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const tokens = Number(value);
  if (Number.isInteger(tokens) && tokens >= 0) return tokens;
  warnings.push(`MAX_THINKING_TOKENS=${value} is not a whole number of tokens; ignoring it`);
  return undefined;
}

function milliseconds(name: string, value: string | undefined, warnings: string[]): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const ms = Number(value);
  if (Number.isInteger(ms) && ms > 0) return ms;
  warnings.push(`${name}=${value} is not a positive whole number of milliseconds; ignoring it`);
  return undefined;
}

function claudeProjectsDir(env: NodeJS.ProcessEnv, homeDir: string): string | undefined {
  const asked = nonEmpty(env.REAGENT_CLAUDE_SESSIONS);
  const bySdk = (env.CLAUDE_CODE_ENTRYPOINT ?? "").startsWith("sdk");
  if (!(asked === undefined ? bySdk : truthy(asked))) return undefined;
  const configDir = nonEmpty(env.CLAUDE_CONFIG_DIR);
  return join(configDir && isAbsolute(configDir) ? configDir : join(homeDir, ".claude"), "projects");
}

export function readEnv(env: NodeJS.ProcessEnv, accountHomeDir: () => string): EnvSnapshot {
  const window = Number(env.CONTEXT_WINDOW_TOKENS);
  const warnings: string[] = [];
  const homeDir = resolveHome(env.HOME, accountHomeDir, warnings);
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
    homeDir,
    shell: nonEmpty(env.SHELL) ?? "/bin/sh",
    scriptLog: nonEmpty(env.REAGENT_SCRIPT_LOG),
    httpsProxy: nonEmpty(env.HTTPS_PROXY ?? env.https_proxy),
    httpProxy: nonEmpty(env.HTTP_PROXY ?? env.http_proxy),
    noProxy: nonEmpty(env.NO_PROXY ?? env.no_proxy),
    smallFastModel: nonEmpty(env.ANTHROPIC_SMALL_FAST_MODEL),
    braveApiKey: nonEmpty(env.BRAVE_API_KEY ?? env.BRAVE_SEARCH_API_KEY),
    braveBaseUrl: nonEmpty(env.BRAVE_SEARCH_BASE_URL),
    tavilyApiKey: nonEmpty(env.TAVILY_API_KEY),
    tavilyBaseUrl: nonEmpty(env.TAVILY_BASE_URL),
    searxngUrl: nonEmpty(env.SEARXNG_URL),
    promptCaching: !truthy(env.DISABLE_PROMPT_CACHING),
    maxThinkingTokens: thinkingTokens(env.MAX_THINKING_TOKENS, warnings),
    useBedrock: truthy(env.CLAUDE_CODE_USE_BEDROCK),
    sdkFileCheckpointing: truthy(env.CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING),
    awsRegion: nonEmpty(env.AWS_REGION) ?? nonEmpty(env.AWS_DEFAULT_REGION),
    awsAccessKeyId: nonEmpty(env.AWS_ACCESS_KEY_ID),
    awsSecretAccessKey: nonEmpty(env.AWS_SECRET_ACCESS_KEY),
    awsSessionToken: nonEmpty(env.AWS_SESSION_TOKEN),
    awsProfile: nonEmpty(env.AWS_PROFILE),
    awsConfigFile: nonEmpty(env.AWS_CONFIG_FILE),
    awsCredentialsFile: nonEmpty(env.AWS_SHARED_CREDENTIALS_FILE),
    awsBearerTokenBedrock: nonEmpty(env.AWS_BEARER_TOKEN_BEDROCK),
    bedrockBaseUrl: nonEmpty(env.ANTHROPIC_BEDROCK_BASE_URL),
    apiKeyHelperTtlMs: milliseconds(
      "CLAUDE_CODE_API_KEY_HELPER_TTL_MS",
      env.CLAUDE_CODE_API_KEY_HELPER_TTL_MS,
      warnings,
    ),
    aliasOverrides: {
      fable: nonEmpty(env.ANTHROPIC_DEFAULT_FABLE_MODEL),
      opus: nonEmpty(env.ANTHROPIC_DEFAULT_OPUS_MODEL),
      sonnet: nonEmpty(env.ANTHROPIC_DEFAULT_SONNET_MODEL),
      haiku: nonEmpty(env.ANTHROPIC_DEFAULT_HAIKU_MODEL),
    },
    sessionStateEvents:
      truthy(env.CLAUDE_CODE_SDK_READS_SESSION_STATE) || truthy(env.CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS),
    claudeProjectsDir: claudeProjectsDir(env, homeDir),
  };
}

/** `--max-thinking-tokens` and `--thinking` over MAX_THINKING_TOKENS: a flag wins over the variable. */
export type ThinkingFlags = { maxThinkingTokens?: number; thinking?: "on" | "off" };

export function withThinkingFlags(env: EnvSnapshot, flags: ThinkingFlags): EnvSnapshot {
  if (flags.maxThinkingTokens !== undefined) return { ...env, maxThinkingTokens: flags.maxThinkingTokens };
  if (flags.thinking === "off") return { ...env, maxThinkingTokens: 0 };
  if (flags.thinking === "on")
    return {
      ...env,
      maxThinkingTokens: env.maxThinkingTokens === 0 ? undefined : env.maxThinkingTokens,
      thinkingOn: true,
    };
  return env;
}
