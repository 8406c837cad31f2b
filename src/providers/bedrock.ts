// ModelClient for Claude on Amazon Bedrock through the official `@anthropic-ai/bedrock-sdk` (loaded
// only for a Bedrock run): the region (AWS_REGION, AWS_DEFAULT_REGION, else the profile's `region` in
// ~/.aws/config), the credentials (a Bedrock API key in AWS_BEARER_TOKEN_BEDROCK, the AWS_ACCESS_KEY_ID
// pair with AWS_SESSION_TOKEN, else the AWS credential chain with AWS_PROFILE and the shared files),
// the endpoint (ANTHROPIC_BEDROCK_BASE_URL) and the model id (aliases become the region's inference
// profile). The conversation — caching, thinking — is anthropic-stream.ts', shared with Anthropic's API.
import type { ModelClient } from "../model/index.js";
import type { Tracer } from "../util/index.js";
import { UsageError } from "../util/index.js";
import { createMessagesClient, type MessagesRequest, withMessages } from "./anthropic-stream.js";
import { awsSharedFiles, profileRegion } from "./aws-profile.js";
import { bedrockModelId, type Effort } from "./model-catalog.js";
import type { ProviderEnv } from "./provider-env.js";

export type BedrockClientOptions = {
  env: ProviderEnv;
  model?: string;
  tracer: Tracer;
  effort?: Effort;
  fetch?: typeof fetch;
};

const BEDROCK_VERSION = "bedrock-2023-05-31";

type Identity = { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expiration?: Date };
type IdentityProvider = () => Promise<Identity>;

/** The AWS credential chain for the profile, resolved once now so that missing credentials stop the
 *  start with a clear message; later requests reuse it (the chain refreshes expiring credentials). */
async function credentialChain(env: ProviderEnv, region: string): Promise<IdentityProvider> {
  // A CommonJS package: its exports are the default export (also once bundled into a chunk).
  const { fromNodeProviderChain } = (await import("@aws-sdk/credential-providers")).default;
  const files = awsSharedFiles(env);
  const provider = fromNodeProviderChain({
    profile: env.awsProfile ?? "default",
    filepath: files.credentials,
    configFilepath: files.config,
    clientConfig: { region },
  }) as IdentityProvider;
  try {
    await provider();
  } catch (error) {
    const profile = env.awsProfile ? `AWS_PROFILE=${env.awsProfile}` : "the default profile";
    throw new UsageError(
      `Amazon Bedrock: no AWS credentials for ${profile} (${(error as Error).message}). Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary keys), or AWS_PROFILE naming a profile in ${files.credentials} or ${files.config}`,
    );
  }
  return provider;
}

function regionOf(env: ProviderEnv): string {
  if (env.awsRegion) return env.awsRegion;
  const files = awsSharedFiles(env);
  const fromProfile = profileRegion(files.config, env.awsProfile ?? "default");
  if (fromProfile) return fromProfile;
  throw new UsageError(
    `Amazon Bedrock (CLAUDE_CODE_USE_BEDROCK=1) needs an AWS region: set AWS_REGION (for example AWS_REGION=us-east-1), or \`region\` in the ${env.awsProfile ? `[profile ${env.awsProfile}]` : "[default]"} section of ${files.config}`,
  );
}

function checkedBaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^/]/.test(value))
    throw new UsageError(
      `ANTHROPIC_BEDROCK_BASE_URL=${value} is not an http(s) URL; for example ANTHROPIC_BEDROCK_BASE_URL=https://bedrock-runtime.us-east-1.amazonaws.com`,
    );
  return value;
}

export async function createBedrockClient(options: BedrockClientOptions): Promise<ModelClient> {
  const { env } = options;
  const region = regionOf(env);
  const baseURL = checkedBaseUrl(env.bedrockBaseUrl) ?? `https://bedrock-runtime.${region}.amazonaws.com`;
  if ((env.awsAccessKeyId === undefined) !== (env.awsSecretAccessKey === undefined))
    throw new UsageError(
      `Amazon Bedrock: ${env.awsAccessKeyId ? "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not" : "AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not"}; set both, or neither to use AWS_PROFILE`,
    );
  const bearer = env.awsBearerTokenBedrock;
  const keys = bearer === undefined && env.awsAccessKeyId !== undefined;
  const chain = bearer === undefined && !keys ? await credentialChain(env, region) : undefined;
  const model = bedrockModelId(options.model ?? env.anthropicModel ?? "sonnet", region, env.aliasOverrides);
  const { AnthropicBedrock } = await import("@anthropic-ai/bedrock-sdk");
  const sdk = new AnthropicBedrock({
    awsRegion: region,
    baseURL,
    apiKey: bearer ?? null,
    ...(keys
      ? {
          awsAccessKey: env.awsAccessKeyId,
          awsSecretKey: env.awsSecretAccessKey,
          awsSessionToken: env.awsSessionToken ?? null,
        }
      : {}),
    ...(chain ? { providerChainResolver: async () => chain } : {}),
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    logLevel: "off",
    openTelemetry: false,
  } as ConstructorParameters<typeof AnthropicBedrock>[0] & { awsAccessKey?: string; awsSecretKey?: string });
  return createMessagesClient({
    provider: "bedrock",
    model,
    serverTools: false,
    tracer: options.tracer,
    cache: env.promptCaching,
    thinking: {
      effort: options.effort,
      maxThinkingTokens: env.maxThinkingTokens,
      on: env.thinkingOn === true,
    },
    labels: {
      name: "Amazon Bedrock",
      apiKeyVariable: bearer
        ? "AWS_BEARER_TOKEN_BEDROCK"
        : keys
          ? "AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY"
          : "the AWS credentials of the profile",
      baseUrlVariable: "ANTHROPIC_BEDROCK_BASE_URL and AWS_REGION",
      baseURL,
    },
    // Bedrock takes its own API version in the body (the SDK would copy the first-party header's).
    send: async (request: MessagesRequest, signal: AbortSignal) => {
      const params = withMessages(request);
      const body = { ...params, anthropic_version: BEDROCK_VERSION } as typeof params;
      return { ok: true, value: await sdk.messages.create(body, { signal }) };
    },
  });
}
