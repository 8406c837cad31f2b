// The environment a command, hook or MCP server may see: every variable that names a secret (KEY,
// SECRET, TOKEN, PASSWORD …), every variable of the model and search providers reagent reads itself,
// agent sockets, and any variable whose value holds a password URL or a known key shape are removed;
// ordinary variables (PATH, HOME, LANG, TERM …) pass. Named variables pass on request
// (`sandbox.credentials.envVars`). The removed values are returned so output can be redacted.
import { secretShapeIn } from "./secret-shapes.js";

/** Name fragments (compared without case) that mark a variable as a credential. */
const SECRET_NAME_PARTS = [
  "KEY",
  "SECRET",
  "TOKEN",
  "PASSWORD",
  "PASSWD",
  "PASSPHRASE",
  "CREDENTIAL",
  "COOKIE",
] as const;

/** Whole name words (between underscores) that mark a credential without matching longer words
 *  (`SSH_AUTH_SOCK`, `NPM_AUTH` but not `GIT_AUTHOR_NAME`). */
const SECRET_NAME_WORDS = ["AUTH", "PAT"] as const;

/** Prefixes of the provider variables reagent reads itself (src/config/env.ts), secret or not. */
const PROVIDER_PREFIXES = [
  "ANTHROPIC_",
  "OPENAI_",
  "AZURE_OPENAI_",
  "BRAVE_",
  "TAVILY_",
  "SEARXNG_",
] as const;

/** Variables that lead to a credential store rather than hold one (agents listening on a socket). */
const AGENT_VARIABLES = ["SSH_AUTH_SOCK", "SSH_AGENT_PID", "GPG_AGENT_INFO"];

/** `scheme://user:password@host`: a URL that carries a password (DATABASE_URL, a proxy with a login). */
const PASSWORD_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:[^/@\s]+@/i;

type RemovalReason =
  | { kind: "secret-name"; part: string }
  | { kind: "provider"; prefix: string }
  | { kind: "agent-socket" }
  | { kind: "password-url" }
  | { kind: "secret-value"; shape: string };

export type RemovedVariable = { name: string; value: string; reason: RemovalReason };

type FilteredEnvironment = {
  /** What the child gets: only defined values. */
  env: Record<string, string>;
  removed: RemovedVariable[];
};

export type EnvironmentRules = {
  /** Variables passed through although they would be removed (`sandbox.credentials.envVars`). */
  pass: readonly string[];
};

export const NO_PASS_THROUGH: EnvironmentRules = { pass: [] };

/** Why `name=value` must not reach a child, or null when it may. */
function removalReason(name: string, value: string): RemovalReason | null {
  const upper = name.toUpperCase();
  if (AGENT_VARIABLES.includes(upper)) return { kind: "agent-socket" };
  // git's command-line configuration names keys (`core.fsmonitor`), not credentials: without them
  // a GIT_CONFIG_COUNT left behind makes every git refuse to start. Their values are still checked.
  const gitConfigKey = /^GIT_CONFIG_KEY_\d+$/.test(upper);
  const part = gitConfigKey ? undefined : SECRET_NAME_PARTS.find((candidate) => upper.includes(candidate));
  if (part !== undefined) return { kind: "secret-name", part };
  const words = upper.split("_");
  const word = SECRET_NAME_WORDS.find((candidate) => words.includes(candidate));
  if (word !== undefined) return { kind: "secret-name", part: word };
  const prefix = PROVIDER_PREFIXES.find((candidate) => upper.startsWith(candidate));
  if (prefix !== undefined) return { kind: "provider", prefix };
  if (PASSWORD_URL.test(value)) return { kind: "password-url" };
  const shape = secretShapeIn(value);
  if (shape !== null) return { kind: "secret-value", shape };
  return null;
}

/** Splits `env` into what a child may see and what was removed (undefined values are dropped). */
export function filterEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  rules: EnvironmentRules = NO_PASS_THROUGH,
): FilteredEnvironment {
  const pass = new Set(rules.pass);
  const kept: Record<string, string> = {};
  const removed: RemovedVariable[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const reason = pass.has(name) ? null : removalReason(name, value);
    if (reason === null) kept[name] = value;
    else removed.push({ name, value, reason });
  }
  return { env: kept, removed };
}

/** The removed values worth redacting from output: all but the provider settings that are not
 *  secrets themselves (`ANTHROPIC_MODEL`, `OPENAI_BASE_URL`). */
export function secretValues(removed: readonly RemovedVariable[]): Array<{ name: string; value: string }> {
  return removed
    .filter((variable) => variable.reason.kind !== "provider")
    .map(({ name, value }) => ({ name, value }));
}
