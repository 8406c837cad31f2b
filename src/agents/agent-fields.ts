// Validates the fields of one agent definition, written as file frontmatter or as `--agents` JSON,
// into an AgentDefinition. An invalid field is an error naming the field; a field reagent does not
// use is a warning (a misspelling gets a suggestion), never silently dropped.
import { nearest } from "../util/index.js";
import {
  AGENT_NAME_PATTERN,
  AGENT_PERMISSION_MODES,
  type AgentDefinition,
  type AgentPermissionMode,
  type AgentSource,
} from "./agent-definition.js";

type AgentFieldsResult =
  | { kind: "ok"; definition: AgentDefinition; warnings: Array<{ field: string; message: string }> }
  | { kind: "error"; field: string; message: string };

const USED = [
  "name",
  "description",
  "prompt",
  "tools",
  "disallowedTools",
  "model",
  "permissionMode",
  "skills",
  "maxTurns",
  "background",
  "isolation",
  "hooks",
];
/** Claude Code fields that change nothing here (display only, or features reagent leaves out). */
const IGNORED_QUIETLY = ["color", "effort"];
/** `inherit` and the model aliases every provider setup understands (providers/model-catalog.ts). */
const MODEL_WORDS = ["inherit", "opus", "sonnet", "haiku"];
const NOT_SUPPORTED = ["mcpServers", "memory", "initialPrompt", "omitClaudeMd", "observer"];

/** A comma-separated string or a list of strings: `Read, Grep` or `[Read, Grep]`. */
function nameList(value: unknown): string[] | undefined {
  if (typeof value === "string")
    return value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== "");
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.map((item) => item.trim()).filter((item) => item !== "");
  return undefined;
}

type FieldError = Extract<AgentFieldsResult, { kind: "error" }>;
type FieldWarning = { field: string; message: string };

const fail = (field: string, message: string): FieldError => ({ kind: "error", field, message });

export function readAgentFields(
  fields: Record<string, unknown>,
  defaults: { name?: string; prompt?: string; source: AgentSource; path?: string },
): AgentFieldsResult {
  const identity = readIdentity(fields, defaults);
  if (identity.kind === "error") return identity;
  const definition: AgentDefinition = {
    name: identity.name,
    description: identity.description,
    prompt: identity.prompt,
    disallowedTools: [],
    skills: [],
    source: defaults.source,
    ...(defaults.path ? { path: defaults.path } : {}),
  };
  const warnings: FieldWarning[] = [];
  const error =
    readNameLists(fields, definition) ??
    readModel(fields, definition, warnings) ??
    readRunFields(fields, definition);
  if (error) return error;
  warnings.push(...unusedFieldWarnings(fields));
  return { kind: "ok", definition, warnings };
}

/** The name (the file's name by default), the description and the system prompt. */
function readIdentity(
  fields: Record<string, unknown>,
  defaults: { name?: string; prompt?: string },
): { kind: "identity"; name: string; description: string; prompt: string } | FieldError {
  const rawName = fields.name ?? defaults.name;
  const name = typeof rawName === "string" ? rawName.trim() : "";
  if (!AGENT_NAME_PATTERN.test(name))
    return fail(
      "name",
      `invalid agent name ${JSON.stringify(rawName ?? null)}: use letters, digits, '.', '_', ':' or '-' (no spaces)`,
    );
  const description = fields.description;
  if (typeof description !== "string" || description.trim() === "")
    return fail(
      "description",
      "missing `description`: say in a sentence or two what the agent does and when to use it",
    );
  const prompt = fields.prompt ?? defaults.prompt ?? "";
  if (typeof prompt !== "string") return fail("prompt", "`prompt` must be text (the agent's system prompt)");
  return { kind: "identity", name, description: description.trim(), prompt: prompt.trim() };
}

/** `tools`, `disallowedTools` and `skills`; the tool lists take names only (`Agent(type)` aside). */
function readNameLists(fields: Record<string, unknown>, definition: AgentDefinition): FieldError | undefined {
  for (const field of ["tools", "disallowedTools", "skills"] as const) {
    if (fields[field] === undefined || fields[field] === null) continue;
    const list = nameList(fields[field]);
    if (!list) return fail(field, `\`${field}\` must be a comma-separated list or a list of names`);
    if (field === "tools") definition.tools = list;
    else definition[field] = list;
  }
  for (const field of ["tools", "disallowedTools"] as const) {
    const withSpecifier = (definition[field] ?? []).find((entry) => entry.includes("("));
    if (withSpecifier && !/^(Agent|Task)\(/.test(withSpecifier))
      return fail(
        field,
        `\`${withSpecifier}\`: \`${field}\` takes tool names only; limit what a tool may do with permission rules`,
      );
  }
  return undefined;
}

/** `model`: `inherit` (the parent's), an alias or a provider's model name; a near miss of an alias warns. */
function readModel(
  fields: Record<string, unknown>,
  definition: AgentDefinition,
  warnings: FieldWarning[],
): FieldError | undefined {
  if (fields.model === undefined) return undefined;
  if (typeof fields.model !== "string" || fields.model.trim() === "")
    return fail("model", "`model` must be a model name, or `inherit` for the parent's model");
  const model = fields.model.trim();
  if (model.toLowerCase() !== "inherit") definition.model = model;
  const near = MODEL_WORDS.includes(model.toLowerCase()) ? undefined : nearest(model, MODEL_WORDS, 2);
  // A near miss of an alias is a typo; anything else may be a model the provider knows.
  if (near && !/[-/.:]/.test(model))
    warnings.push({
      field: "model",
      message: `\`model: ${model}\` is not an alias (${MODEL_WORDS.join(", ")}): did you mean \`${near}\`? It is sent to the provider as written`,
    });
  return undefined;
}

/** How the agent runs: permissionMode, maxTurns, background, isolation and its own hooks. */
function readRunFields(fields: Record<string, unknown>, definition: AgentDefinition): FieldError | undefined {
  if (fields.permissionMode !== undefined) {
    const mode = String(fields.permissionMode);
    if (!(AGENT_PERMISSION_MODES as readonly string[]).includes(mode))
      return fail(
        "permissionMode",
        `unknown permissionMode ${JSON.stringify(fields.permissionMode)}: use one of ${AGENT_PERMISSION_MODES.join(", ")}`,
      );
    definition.permissionMode = mode as AgentPermissionMode;
  }
  if (fields.maxTurns !== undefined) {
    const turns = fields.maxTurns;
    if (typeof turns !== "number" || !Number.isInteger(turns) || turns < 1)
      return fail("maxTurns", "`maxTurns` must be a positive whole number");
    definition.maxTurns = turns;
  }
  if (fields.background !== undefined) {
    if (typeof fields.background !== "boolean")
      return fail("background", "`background` must be true or false");
    definition.background = fields.background;
  }
  if (fields.isolation !== undefined) {
    if (fields.isolation !== "worktree") return fail("isolation", '`isolation` can only be "worktree"');
    definition.isolation = "worktree";
  }
  if (fields.hooks !== undefined && fields.hooks !== null) {
    const hooks = fields.hooks;
    if (typeof hooks !== "object" || Array.isArray(hooks))
      return fail("hooks", "`hooks` must map hook event names to lists of hook groups, as in settings files");
    definition.hooks = hooks as Record<string, unknown>;
  }
  return undefined;
}

/** A warning for each field reagent does not use (a misspelling of one it does gets a suggestion). */
function unusedFieldWarnings(fields: Record<string, unknown>): FieldWarning[] {
  const warnings: FieldWarning[] = [];
  for (const field of Object.keys(fields)) {
    if (USED.includes(field) || IGNORED_QUIETLY.includes(field)) continue;
    if (NOT_SUPPORTED.includes(field)) {
      warnings.push({ field, message: `\`${field}\` is not supported by reagent and is ignored` });
      continue;
    }
    const near = nearest(field, USED, Math.max(2, Math.floor(field.length / 3)));
    warnings.push({
      field,
      message: `unknown field \`${field}\` is ignored${near ? ` (did you mean \`${near}\`?)` : ""}`,
    });
  }
  return warnings;
}
