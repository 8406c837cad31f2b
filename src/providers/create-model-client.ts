// Picks and builds the ModelClient: `--model scripted:FILE`, else `--provider` (or settings
// `provider`), else CLAUDE_CODE_USE_BEDROCK, else ANTHROPIC_API_KEY or an `apiKeyHelper`, else
// OPENAI_API_KEY; on OpenAI the model picks Chat Completions or the Responses API. Model aliases and
// retired ids resolve here (with a notice). Provider SDKs are imported only for the provider in use.
import { appendFileSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ModelClient } from "../model/index.js";
import type { Tracer } from "../util/index.js";
import { errnoReason, formatZodError, UsageError } from "../util/index.js";
import type { ApiKeyHelper } from "./api-key-helper.js";
import { createHttpFetch, type HttpFetch } from "./http-fetch.js";
import { type Effort, openaiWireApi, resolveModelName } from "./model-catalog.js";
import type { ProviderEnv } from "./provider-env.js";
import { scriptSchema } from "./script-format.js";
import { createScriptedClient } from "./scripted.js";

const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-6";
const DEFAULT_OPENAI_MODEL = "gpt-4.1-mini";

/** The values `--provider` and settings `provider` take. */
export const PROVIDER_NAMES = ["anthropic", "openai", "openai-responses", "bedrock"] as const;

const NO_PROVIDER = `no model provider configured.
Set ANTHROPIC_API_KEY (Anthropic), CLAUDE_CODE_USE_BEDROCK=1 (Amazon Bedrock) or OPENAI_API_KEY (any OpenAI-compatible server), for example a local Ollama:
  OPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_API_KEY=ollama OPENAI_MODEL=qwen2.5-coder reagent -p "hello"
or play a script offline: reagent --model scripted:FILE.json -p "hello"`;

function loadScript(file: string, cwd: string) {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--model scripted:${file}: cannot read the script (${errnoReason(error)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--model scripted:${file}: invalid JSON: ${(error as Error).message}`);
  }
  const parsed = scriptSchema.safeParse(data);
  if (!parsed.success) throw new UsageError(`--model scripted:${file}: ${formatZodError(parsed.error)}`);
  return parsed.data;
}

/** A base URL must be an http(s) URL; anything else is a configuration error naming the variable. */
function checkBaseUrl(variable: string, value: string | undefined, example: string): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new UsageError(`${variable}=${value} is not an http(s) URL; for example ${variable}=${example}`);
  return value;
}

type ClientChoice = { model?: string; provider?: string; env: ProviderEnv; apiKeyHelper?: ApiKeyHelper };

/** Which provider a run with these options talks to (undefined: scripted, or none configured). */
function chosenProvider({ model, provider, env, apiKeyHelper }: ClientChoice): string | undefined {
  if (model?.startsWith("scripted:")) return undefined;
  if (provider !== undefined) return provider;
  if (env.useBedrock) return "bedrock";
  if (env.anthropicApiKey || apiKeyHelper) return "anthropic";
  return env.openaiApiKey ? "openai" : undefined;
}

/** The base URL `createModelClient` will send requests to; undefined when there is none
 *  (scripted, no key, Bedrock without a region): the errors are createModelClient's to report. */
function modelEndpoint(options: ClientChoice): string | undefined {
  const { env } = options;
  const provider = chosenProvider(options);
  const keyed = (key: string | undefined) => key !== undefined || options.apiKeyHelper !== undefined;
  if (provider === "anthropic" && keyed(env.anthropicApiKey))
    return env.anthropicBaseUrl ?? "https://api.anthropic.com";
  if ((provider === "openai" || provider === "openai-responses") && keyed(env.openaiApiKey))
    return env.openaiBaseUrl ?? "https://api.openai.com/v1";
  if (provider === "bedrock" && env.awsRegion)
    return env.bedrockBaseUrl ?? `https://bedrock-runtime.${env.awsRegion}.amazonaws.com`;
  return undefined;
}

/** An HTTP client that is already opening the connection to the model these options choose; pass
 *  it to createModelClient as `fetch`. */
export function connectEarly(options: ClientChoice): HttpFetch {
  const client = createHttpFetch();
  const endpoint = modelEndpoint(options);
  if (endpoint !== undefined) client.preconnect(endpoint);
  return client;
}

type CreateModelClientOptions = ClientChoice & {
  cwd: string;
  tracer: Tracer;
  /** `--effort` / settings `effort`. */
  effort?: Effort;
  /** The HTTP client (shared so that a preconnected socket and keep-alive serve this client). */
  fetch?: typeof fetch;
  /** One line for the user: a retired model id was upgraded. */
  notice: (text: string) => void;
};

export async function createModelClient(options: CreateModelClientOptions): Promise<ModelClient> {
  const { env, model } = options;
  if (model?.startsWith("scripted:")) {
    const file = model.slice("scripted:".length);
    if (file.trim() === "")
      throw new UsageError("--model scripted: needs a script file, e.g. --model scripted:demo.json");
    const log = env.scriptLog;
    return createScriptedClient({
      script: loadScript(file, options.cwd),
      model,
      record: false,
      tracer: options.tracer,
      onRequest: log ? (request) => appendFileSync(log, `${JSON.stringify(request)}\n`) : undefined,
    });
  }
  const provider = chosenProvider(options);
  if (provider === undefined) throw new UsageError(NO_PROVIDER);
  if (provider === "anthropic") return anthropicClient(options);
  if (provider === "bedrock") {
    const { createBedrockClient } = await import("./bedrock.js");
    return createBedrockClient(options);
  }
  if (provider === "openai" || provider === "openai-responses") return openaiClient(options, provider);
  throw new UsageError(`--provider ${provider}: unknown provider; use ${PROVIDER_NAMES.join(", ")}`);
}

/** The helper's first key now, so that a failing helper stops the start with its own words. */
async function checkedHelper(helper: ApiKeyHelper | undefined): Promise<ApiKeyHelper | undefined> {
  if (!helper) return undefined;
  try {
    await helper.key();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return helper;
}

async function anthropicClient(options: CreateModelClientOptions): Promise<ModelClient> {
  const { env } = options;
  // ANTHROPIC_API_KEY wins over apiKeyHelper, as in Claude Code.
  const helper = env.anthropicApiKey ? undefined : await checkedHelper(options.apiKeyHelper);
  if (!env.anthropicApiKey && !helper)
    throw new UsageError("--provider anthropic needs ANTHROPIC_API_KEY (or settings apiKeyHelper) to be set");
  const choice = resolveModelName(
    options.model ?? env.anthropicModel ?? DEFAULT_ANTHROPIC_MODEL,
    env.aliasOverrides,
  );
  if (choice.notice) options.notice(choice.notice);
  const { createAnthropicClient } = await import("./anthropic.js");
  return createAnthropicClient({
    apiKey: env.anthropicApiKey ?? "",
    apiKeyHelper: helper,
    baseURL: checkBaseUrl("ANTHROPIC_BASE_URL", env.anthropicBaseUrl, "https://api.anthropic.com"),
    model: choice.id,
    tracer: options.tracer,
    fetch: options.fetch,
    cache: env.promptCaching,
    thinking: {
      effort: options.effort,
      maxThinkingTokens: env.maxThinkingTokens,
      on: env.thinkingOn === true,
    },
  });
}

async function openaiClient(
  options: CreateModelClientOptions,
  provider: "openai" | "openai-responses",
): Promise<ModelClient> {
  const { env } = options;
  // The helper's key serves an OpenAI run that has no OPENAI_API_KEY (a gateway with rotating keys).
  const helper = env.openaiApiKey ? undefined : await checkedHelper(options.apiKeyHelper);
  if (!env.openaiApiKey && !helper)
    throw new UsageError(
      `--provider ${provider} needs OPENAI_API_KEY to be set (local servers such as Ollama accept any value)`,
    );
  const model = options.model ?? env.openaiModel ?? DEFAULT_OPENAI_MODEL;
  const common = {
    apiKey: env.openaiApiKey ?? "",
    apiKeyHelper: helper,
    baseURL: checkBaseUrl("OPENAI_BASE_URL", env.openaiBaseUrl, "http://127.0.0.1:11434/v1"),
    model,
    tracer: options.tracer,
    fetch: options.fetch,
    effort: options.effort,
  };
  if (provider === "openai-responses" || openaiWireApi(model, env.openaiBaseUrl) === "responses") {
    const { createOpenAIResponsesClient } = await import("./openai-responses.js");
    return createOpenAIResponsesClient(common);
  }
  const { createOpenAIChatClient } = await import("./openai-chat.js");
  return createOpenAIChatClient(common);
}
