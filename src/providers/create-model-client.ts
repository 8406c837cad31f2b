// Picks and builds the ModelClient: `--model scripted:FILE`, else `--provider`, else
// ANTHROPIC_API_KEY, else OPENAI_API_KEY. Provider SDKs are imported only for the provider in use.
import { appendFileSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { EnvSnapshot } from "../config/env.js";
import type { ModelClient } from "../model/types.js";
import { errnoReason } from "../util/errno.js";
import { UsageError } from "../util/errors.js";
import { formatZodError } from "../util/format-zod-error.js";
import type { Tracer } from "../util/trace.js";
import { createHttpFetch, type HttpFetch } from "./http-fetch.js";
import { type Effort, resolveModelAlias } from "./model-catalog.js";
import { scriptSchema } from "./script-format.js";
import { createScriptedClient } from "./scripted.js";

export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-6";
export const DEFAULT_OPENAI_MODEL = "gpt-4.1-mini";

const NO_PROVIDER = `no model provider configured.
Set ANTHROPIC_API_KEY (Anthropic) or OPENAI_API_KEY (any OpenAI-compatible server), for example a local Ollama:
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

type ClientChoice = { model?: string; provider?: string; env: EnvSnapshot };

/** Which provider a run with these options talks to (undefined: scripted, or none configured). */
function chosenProvider({ model, provider, env }: ClientChoice): string | undefined {
  if (model?.startsWith("scripted:")) return undefined;
  return provider ?? (env.anthropicApiKey ? "anthropic" : env.openaiApiKey ? "openai" : undefined);
}

/** The base URL `createModelClient` will send requests to; undefined when there is none
 *  (scripted, no key): the errors are createModelClient's to report. */
function modelEndpoint(options: ClientChoice): string | undefined {
  const provider = chosenProvider(options);
  if (provider === "anthropic" && options.env.anthropicApiKey)
    return options.env.anthropicBaseUrl ?? "https://api.anthropic.com";
  if (provider === "openai" && options.env.openaiApiKey)
    return options.env.openaiBaseUrl ?? "https://api.openai.com/v1";
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

export async function createModelClient(options: {
  model?: string;
  provider?: string;
  env: EnvSnapshot;
  cwd: string;
  tracer: Tracer;
  /** `--effort` / settings `effort`. */
  effort?: Effort;
  /** The HTTP client (shared so that a preconnected socket and keep-alive serve this client). */
  fetch?: typeof fetch;
}): Promise<ModelClient> {
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
  if (provider === "anthropic") {
    if (!env.anthropicApiKey) throw new UsageError("--provider anthropic needs ANTHROPIC_API_KEY to be set");
    const { createAnthropicClient } = await import("./anthropic.js");
    return createAnthropicClient({
      apiKey: env.anthropicApiKey,
      baseURL: checkBaseUrl("ANTHROPIC_BASE_URL", env.anthropicBaseUrl, "https://api.anthropic.com"),
      model: resolveModelAlias(model ?? env.anthropicModel ?? DEFAULT_ANTHROPIC_MODEL),
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
  if (provider === "openai") {
    if (!env.openaiApiKey)
      throw new UsageError(
        "--provider openai needs OPENAI_API_KEY to be set (local servers such as Ollama accept any value)",
      );
    const { createOpenAIChatClient } = await import("./openai-chat.js");
    return createOpenAIChatClient({
      apiKey: env.openaiApiKey,
      baseURL: checkBaseUrl("OPENAI_BASE_URL", env.openaiBaseUrl, "http://127.0.0.1:11434/v1"),
      model: model ?? env.openaiModel ?? DEFAULT_OPENAI_MODEL,
      tracer: options.tracer,
      fetch: options.fetch,
      effort: options.effort,
    });
  }
  throw new UsageError(`--provider ${provider}: unknown provider; use anthropic or openai`);
}
