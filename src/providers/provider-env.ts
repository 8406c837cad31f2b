// The environment variables provider construction reads, as typed values: config/env.ts takes
// them from the environment once (the one read, at start-up) and hands them over; nothing in providers/ reads it.

export type ProviderEnv = {
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  anthropicModel?: string;
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiModel?: string;
  /** REAGENT_SCRIPT_LOG: a scripted run appends each request here. */
  scriptLog?: string;
  /** Prompt-cache breakpoints on Anthropic (DISABLE_PROMPT_CACHING turns them off). */
  promptCaching: boolean;
  maxThinkingTokens?: number;
  thinkingOn?: boolean;
  /** ANTHROPIC_DEFAULT_{FABLE,OPUS,SONNET,HAIKU}_MODEL. */
  aliasOverrides: { fable?: string; opus?: string; sonnet?: string; haiku?: string };
  /** CLAUDE_CODE_USE_BEDROCK and the AWS variables (see bedrock.ts). */
  useBedrock: boolean;
  awsRegion?: string;
  awsAccessKeyId?: string;
  awsSecretAccessKey?: string;
  awsSessionToken?: string;
  awsProfile?: string;
  awsConfigFile?: string;
  awsCredentialsFile?: string;
  awsBearerTokenBedrock?: string;
  bedrockBaseUrl?: string;
  /** For ~/.aws/config and ~/.aws/credentials. */
  homeDir: string;
};
