// One MCP server entry of an MCP config file: validation of its fields (stdio, http, sse) and the
// ${VAR} / ${VAR:-default} expansion in command, args, env, cwd, url and headers. Errors name the
// file, the server and the field.
import { isAbsolute, resolve } from "node:path";
import type { McpServerSpec, McpStdioServerSpec } from "../contracts/index.js";
import { UsageError } from "../util/index.js";

export type McpServerConfig = McpServerSpec;

/** An invalid MCP configuration; the CLI turns it into exit code 2. */
export class McpConfigError extends UsageError {
  constructor(
    message: string,
    readonly file: string,
    readonly server?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type EntryContext = { source: string; baseDir: string; env: Record<string, string | undefined> };

export function parseServerEntry(name: string, raw: unknown, context: EntryContext): McpServerConfig {
  const fail = (field: string | undefined, problem: string): never => {
    const where = field ? `server "${name}", field "${field}"` : `server "${name}"`;
    throw new McpConfigError(`${context.source}: ${where}: ${problem}`, context.source, name, field);
  };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return fail(undefined, 'expected an object like {"command": "…"} or {"type": "http", "url": "…"}');
  }
  const entry = raw as Record<string, unknown>;
  const expand = (field: string, value: string) =>
    expandVariables(value, context.env, (variable) =>
      fail(field, `environment variable ${variable} is not set; set it or write \${${variable}:-default}`),
    );
  const stringField = (field: string, required: boolean): string | undefined => {
    const value = entry[field];
    if (value === undefined) return required ? fail(field, "is required") : undefined;
    if (typeof value !== "string" || value.trim() === "") return fail(field, "must be a non-empty string");
    return expand(field, value);
  };
  const stringMap = (field: string): Record<string, string> => {
    const value = entry[field];
    if (value === undefined) return {};
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return fail(field, "must be an object of strings");
    }
    const out: Record<string, string> = {};
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== "string") return fail(`${field}.${key}`, "must be a string");
      out[key] = expand(`${field}.${key}`, item);
    }
    return out;
  };

  const declared = entry.type;
  const type = declared ?? (entry.url !== undefined && entry.command === undefined ? "http" : "stdio");
  if (type === "stdio") {
    const command = stringField("command", true) as string;
    const rawArgs = entry.args ?? [];
    if (!Array.isArray(rawArgs)) return fail("args", "must be an array of strings");
    const args = rawArgs.map((arg, index) =>
      typeof arg === "string" ? expand(`args[${index}]`, arg) : fail(`args[${index}]`, "must be a string"),
    );
    const cwd = stringField("cwd", false);
    const config: McpStdioServerSpec = { type: "stdio", command, args, env: stringMap("env") };
    if (cwd !== undefined) config.cwd = isAbsolute(cwd) ? cwd : resolve(context.baseDir, cwd);
    return config;
  }
  if (type === "http" || type === "sse") {
    const url = stringField("url", true) as string;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return fail("url", `"${url}" is not a valid URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      return fail("url", `"${url}" must start with http:// or https://`);
    }
    return { type, url, headers: stringMap("headers") };
  }
  if (type === "sdk") {
    const given = entry.name;
    if (given !== undefined && (typeof given !== "string" || given.trim() === ""))
      return fail("name", "must be a non-empty string");
    return { type: "sdk", name: (given as string | undefined) ?? name };
  }
  return fail("type", `unknown type ${JSON.stringify(declared)}; use "stdio", "http", "sse" or "sdk"`);
}

/** Expands ${VAR} and ${VAR:-default} in `value`; `missing` is called for an unset variable without default. */
function expandVariables(
  value: string,
  env: Record<string, string | undefined>,
  missing: (variable: string) => never,
): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_match, variable: string, fallback) => {
      const current = env[variable];
      if (current !== undefined && current !== "") return current;
      if (fallback !== undefined) return fallback;
      if (current !== undefined) return current;
      return missing(variable);
    },
  );
}
