// What an editor is told about signing in: reagent reads its model provider's key from the
// environment it is started with (the editor's agent_servers `env`), so each method names the
// variables to set; authenticate succeeds when one is set and says what to set otherwise.
import { type AuthMethod, RequestError } from "@agentclientprotocol/sdk";

export const AUTH_METHODS: AuthMethod[] = [
  {
    id: "anthropic-api-key",
    name: "Anthropic API key",
    description:
      "Set ANTHROPIC_API_KEY (optionally ANTHROPIC_BASE_URL, ANTHROPIC_MODEL) in the environment the editor starts reagent with.",
  },
  {
    id: "openai-api-key",
    name: "OpenAI-compatible API key",
    description:
      "Set OPENAI_API_KEY (optionally OPENAI_BASE_URL, OPENAI_MODEL; any value for a local server such as Ollama).",
  },
  {
    id: "bedrock",
    name: "Amazon Bedrock",
    description: "Set CLAUDE_CODE_USE_BEDROCK=1 with AWS credentials and AWS_REGION.",
  },
];

export function authenticate(methodId: string, configured: boolean): Record<string, never> {
  if (!AUTH_METHODS.some((method) => method.id === methodId))
    throw RequestError.invalidParams(
      { methodId },
      `unknown auth method "${methodId}"; use one of ${AUTH_METHODS.map((method) => method.id).join(", ")}`,
    );
  if (!configured)
    throw RequestError.authRequired(
      { methodId },
      "reagent reads its model provider's key from its environment: set ANTHROPIC_API_KEY, OPENAI_API_KEY or CLAUDE_CODE_USE_BEDROCK=1 in the agent's env (e.g. Zed's agent_servers.reagent.env) and restart it",
    );
  return {};
}
