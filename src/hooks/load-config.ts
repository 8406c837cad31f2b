// Builds the HookConfig from already-parsed JSON (config/ reads the files): Claude Code settings
// layers (`hooks` key, timeout in seconds, default 60 s) and compact `.agents/hooks.json` files
// (`matcher`, `command`, `timeoutMs` default 5000, `denyOnFailure`, optionally wrapped in `hooks`).
// Every invalid entry throws a HookConfigError naming the file, the JSON path and the problem;
// unknown keys are accepted (forward compatibility) but warned about with the nearest known key.

import { nearest } from "../util/index.js";
import { type HookConfig, HookConfigError, type HookHandler, type OnError } from "./config-types.js";
import { isFired } from "./event-catalog.js";
import { compileMatcher } from "./matcher.js";
import { HOOK_EVENTS, type HookEventName } from "./types.js";

/** Where a settings layer comes from; a folder's own (project, local) hooks are `folder` hooks. */
type HookSourceScope = "user" | "project" | "local" | "flag";

export type HookConfigInput = {
  /** `scope` absent: the user's own. `env`: extra environment of these hooks (a plugin's
   *  CLAUDE_PLUGIN_ROOT). */
  settings: Array<{ source: string; data: unknown; scope?: HookSourceScope; env?: Record<string, string> }>;
  /** The compact files are the project's (`scope` absent: project). */
  compactFiles: Array<{ source: string; data: unknown; scope?: HookSourceScope }>;
  /** `HOOKS=0`: hooks are off for this run. */
  disabled: boolean;
  projectDir: string;
  /** The permission gate's rule validator: returns a problem description, or null when valid. */
  validateRule?: (rule: string) => string | null;
};

const CLAUDE_DEFAULT_TIMEOUT_MS = 60_000;
const COMPACT_DEFAULT_TIMEOUT_MS = 5_000;

const SHARED_KEYS = ["type", "command", "args", "statusMessage", "if", "onError"];
const CLAUDE_HANDLER_KEYS = [
  ...SHARED_KEYS,
  "timeout",
  "url",
  "headers",
  "allowedEnvVars",
  "prompt",
  "model",
];
/** Claude Code's default timeout of a prompt hook (a model request), in milliseconds. */
const PROMPT_DEFAULT_TIMEOUT_MS = 30_000;
const COMPACT_HANDLER_KEYS = [...SHARED_KEYS, "matcher", "timeoutMs", "denyOnFailure"];
const GROUP_KEYS = ["matcher", "hooks"];
/** Keys that belong to the other format: say which unit this one takes. */
const CROSS_FORMAT_HINTS: Record<string, Record<string, string>> = {
  claude: { timeoutMs: '"timeout" (seconds in settings files)' },
  compact: { timeout: '"timeoutMs" (milliseconds in .agents/hooks.json)' },
};

/** "did you mean …?" for the known key nearest to `key` (ignoring case), else the known keys. */
function suggestion(key: string, known: readonly string[], format: string): string {
  const hint = CROSS_FORMAT_HINTS[format]?.[key];
  if (hint) return `did you mean ${hint}?`;
  const best = nearest(key, known, Math.max(2, Math.floor(key.length / 2)));
  return best ? `did you mean "${best}"?` : `known keys: ${known.join(", ")}`;
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const originOf = (scope: HookSourceScope): HookHandler["origin"] =>
  scope === "project" || scope === "local" ? "folder" : "user";

class Reader {
  order = 0;
  /** The origin of the source being read. */
  origin: HookHandler["origin"] = "user";
  /** The extra environment of the source being read. */
  env: Record<string, string> | undefined;
  readonly handlers: HookHandler[] = [];
  readonly warnings: string[] = [];
  constructor(private readonly validateRule?: (rule: string) => string | null) {}

  fail(source: string, path: string, problem: string): never {
    throw new HookConfigError(source, path, problem);
  }

  unknownKeys(source: string, path: string, entry: Obj, known: readonly string[], format: string): void {
    for (const key of Object.keys(entry)) {
      if (known.includes(key)) continue;
      this.warnings.push(
        `${source}: ${path}: unknown key "${key}" is ignored; ${suggestion(key, known, format)}`,
      );
    }
  }

  /** The event a configuration key names. A documented Claude Code event reagent does not fire loads
   *  with a one-line warning; a near miss of a known name (`PreToolUsed`, `stop`) is an error, since the
   *  guard it was meant to be would silently never run; any other name is warned about and skipped
   *  (a newer Claude Code event). Returns undefined when the key is skipped. */
  event(source: string, path: string, name: string, count: number): HookEventName | undefined {
    if ((HOOK_EVENTS as readonly string[]).includes(name)) {
      const event = name as HookEventName;
      if (!isFired(event) && count > 0)
        this.warnings.push(
          `${source}: ${path}: reagent does not fire the ${name} event; its ${count} hook${count === 1 ? "" : "s"} never run`,
        );
      return event;
    }
    const near =
      HOOK_EVENTS.find((known) => known.toLowerCase() === name.toLowerCase()) ??
      nearest(name, HOOK_EVENTS, Math.min(3, Math.max(1, Math.floor(name.length / 4))));
    if (near) this.fail(source, path, `unknown hook event "${name}"; did you mean "${near}"?`);
    this.warnings.push(
      `${source}: ${path}: unknown hook event "${name}" is ignored (not a Claude Code event reagent knows)`,
    );
    return undefined;
  }

  matcher(
    source: string,
    path: string,
    value: unknown,
    event: HookEventName,
  ): { text: string; matches: (v: string) => boolean } {
    if (value === undefined || value === null) return { text: "", matches: compileMatcher("", event) };
    if (typeof value !== "string") this.fail(source, path, "matcher must be a string");
    try {
      return { text: value, matches: compileMatcher(value, event) };
    } catch (error) {
      return this.fail(source, path, (error as Error).message);
    }
  }

  optionalString(source: string, path: string, entry: Obj, key: string): string | undefined {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") this.fail(source, `${path}.${key}`, `${key} must be a string`);
    return value;
  }

  common(source: string, path: string, entry: Obj, denyOnFailure: boolean) {
    const command = entry.command;
    if (typeof command !== "string" || command.trim() === "") {
      this.fail(source, `${path}.command`, "command must be a non-empty string");
    }
    let args: string[] | undefined;
    if (entry.args !== undefined) {
      if (!Array.isArray(entry.args) || entry.args.some((arg) => typeof arg !== "string")) {
        this.fail(source, `${path}.args`, "args must be an array of strings");
      }
      args = entry.args as string[];
    }
    let onError: OnError = denyOnFailure ? "deny" : "warn";
    if (entry.onError !== undefined) {
      if (entry.onError !== "allow" && entry.onError !== "deny" && entry.onError !== "warn") {
        this.fail(source, `${path}.onError`, `onError must be "allow", "deny" or "warn"`);
      }
      onError = entry.onError;
    }
    const statusMessage = this.optionalString(source, path, entry, "statusMessage");
    const ifRule = this.optionalString(source, path, entry, "if");
    if (ifRule !== undefined && this.validateRule) {
      const problem = this.validateRule(ifRule);
      if (problem) this.fail(source, `${path}.if`, `invalid permission rule "${ifRule}": ${problem}`);
    }
    return { command, args, onError, statusMessage, ifRule };
  }

  /** A prompt handler: the `prompt` a model evaluates, an optional `model`. */
  prompt(source: string, path: string, entry: Obj) {
    if (typeof entry.prompt !== "string" || entry.prompt.trim() === "")
      this.fail(source, `${path}.prompt`, "prompt must be a non-empty string");
    if (entry.command !== undefined)
      this.fail(source, `${path}.command`, 'a prompt hook has "prompt", not "command"');
    const model = this.optionalString(source, path, entry, "model");
    const { args: _args, ...common } = this.common(source, path, { ...entry, command: entry.prompt }, false);
    return { ...common, type: "prompt" as const, ...(model ? { model } : {}) };
  }

  /** An http handler: `url` (http or https), string `headers`, `allowedEnvVars` names. */
  http(source: string, path: string, entry: Obj) {
    const url = entry.url;
    if (typeof url !== "string" || !/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url))
      this.fail(source, `${path}.url`, "url must be an http:// or https:// URL");
    if (entry.command !== undefined)
      this.fail(source, `${path}.command`, 'an http hook has "url", not "command"');
    const headers = entry.headers ?? {};
    if (!isObject(headers) || Object.values(headers).some((value) => typeof value !== "string"))
      this.fail(source, `${path}.headers`, "headers must be an object of strings");
    const allowed = entry.allowedEnvVars ?? [];
    if (
      !Array.isArray(allowed) ||
      allowed.some((name) => typeof name !== "string" || !/^[A-Za-z_]\w*$/.test(name))
    )
      this.fail(source, `${path}.allowedEnvVars`, "allowedEnvVars must be an array of variable names");
    const { args: _args, ...common } = this.common(source, path, { ...entry, command: url }, false);
    return {
      ...common,
      type: "http" as const,
      headers: headers as Record<string, string>,
      allowedEnvVars: allowed as string[],
    };
  }

  positive(source: string, path: string, value: unknown, what: string): number {
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      this.fail(source, path, `${what} must be a positive number`);
    }
    return value;
  }

  claude(source: string, hooks: unknown): void {
    if (hooks === undefined) return;
    if (!isObject(hooks)) this.fail(source, "hooks", "hooks must be an object keyed by event name");
    for (const [eventName, groups] of Object.entries(hooks)) {
      const eventPath = `hooks.${eventName}`;
      if (!Array.isArray(groups)) this.fail(source, eventPath, "must be an array of matcher groups");
      const count = groups.reduce(
        (sum: number, group) =>
          sum + (isObject(group) && Array.isArray(group.hooks) ? group.hooks.length : 0),
        0,
      );
      const event = this.event(source, eventPath, eventName, count);
      if (!event) continue;
      groups.forEach((group, groupIndex) => {
        const groupPath = `${eventPath}[${groupIndex}]`;
        if (!isObject(group)) this.fail(source, groupPath, "must be an object with matcher and hooks");
        this.unknownKeys(source, groupPath, group, GROUP_KEYS, "group");
        const matcher = this.matcher(source, `${groupPath}.matcher`, group.matcher, event);
        if (!Array.isArray(group.hooks)) this.fail(source, `${groupPath}.hooks`, "hooks must be an array");
        group.hooks.forEach((entry, index) => {
          const path = `${groupPath}.hooks[${index}]`;
          if (!isObject(entry)) this.fail(source, path, "must be an object");
          this.unknownKeys(source, path, entry, CLAUDE_HANDLER_KEYS, "claude");
          if (entry.type !== "command" && entry.type !== "http" && entry.type !== "prompt") {
            this.fail(
              source,
              `${path}.type`,
              `unknown handler type ${JSON.stringify(entry.type)}; "command", "http" and "prompt" are supported`,
            );
          }
          const common =
            entry.type === "http"
              ? this.http(source, path, entry)
              : entry.type === "prompt"
                ? this.prompt(source, path, entry)
                : this.common(source, path, entry, false);
          const timeoutMs =
            entry.timeout === undefined
              ? entry.type === "prompt"
                ? PROMPT_DEFAULT_TIMEOUT_MS
                : CLAUDE_DEFAULT_TIMEOUT_MS
              : this.positive(source, `${path}.timeout`, entry.timeout, "timeout (seconds)") * 1000;
          this.push({ event, matcher, source, path, timeoutMs, format: "claude", ...common });
        });
      });
    }
  }

  compact(source: string, data: unknown): void {
    if (!isObject(data)) this.fail(source, "", "must be a JSON object keyed by event name");
    const wrapped = isObject(data.hooks) && Object.keys(data).length === 1;
    const events = wrapped ? (data.hooks as Obj) : data;
    const prefix = wrapped ? "hooks." : "";
    for (const [eventName, entries] of Object.entries(events)) {
      const eventPath = `${prefix}${eventName}`;
      if (!Array.isArray(entries)) this.fail(source, eventPath, "must be an array of hook entries");
      const event = this.event(source, eventPath, eventName, entries.length);
      if (!event) continue;
      entries.forEach((entry, index) => {
        const path = `${eventPath}[${index}]`;
        if (!isObject(entry)) this.fail(source, path, "must be an object with matcher and command");
        this.unknownKeys(source, path, entry, COMPACT_HANDLER_KEYS, "compact");
        if (entry.type !== undefined && entry.type !== "command") {
          this.fail(source, `${path}.type`, `unknown handler type ${JSON.stringify(entry.type)}`);
        }
        if (entry.denyOnFailure !== undefined && typeof entry.denyOnFailure !== "boolean") {
          this.fail(source, `${path}.denyOnFailure`, "denyOnFailure must be true or false");
        }
        const matcher = this.matcher(source, `${path}.matcher`, entry.matcher, event);
        const common = this.common(source, path, entry, entry.denyOnFailure === true);
        const timeoutMs =
          entry.timeoutMs === undefined
            ? COMPACT_DEFAULT_TIMEOUT_MS
            : this.positive(source, `${path}.timeoutMs`, entry.timeoutMs, "timeoutMs");
        this.push({ event, matcher, source, path, timeoutMs, format: "compact", ...common });
      });
    }
  }

  private push(
    fields: Omit<HookHandler, "matcher" | "matches" | "order" | "type" | "origin"> & {
      matcher: { text: string; matches: (v: string) => boolean };
      type?: "http" | "prompt";
    },
  ): void {
    const { matcher, args, statusMessage, ifRule, type, ...rest } = fields;
    const handler: HookHandler = {
      ...rest,
      type: type ?? "command",
      matcher: matcher.text,
      matches: matcher.matches,
      order: this.order++,
      origin: this.origin,
    };
    if (args !== undefined) handler.args = args;
    if (statusMessage !== undefined) handler.statusMessage = statusMessage;
    if (ifRule !== undefined) handler.ifRule = ifRule;
    if (this.env) handler.env = this.env;
    this.handlers.push(handler);
  }
}

export function loadHookConfig(input: HookConfigInput): HookConfig {
  // HOOKS=0 is the escape hatch: the files are not even read, so a broken one cannot block a run.
  if (input.disabled) return { handlers: [], disabledBy: "HOOKS=0", warnings: [] };
  const reader = new Reader(input.validateRule);
  let disabledBy: string | undefined;
  for (const { source, data, scope, env } of input.settings) {
    reader.origin = originOf(scope ?? "user");
    reader.env = env;
    if (!isObject(data)) throw new HookConfigError(source, "", "settings must be a JSON object");
    if (data.disableAllHooks !== undefined && typeof data.disableAllHooks !== "boolean") {
      throw new HookConfigError(source, "disableAllHooks", "disableAllHooks must be true or false");
    }
    if (data.disableAllHooks === true && !disabledBy) disabledBy = `"disableAllHooks": true in ${source}`;
    reader.claude(source, data.hooks);
  }
  for (const { source, data, scope } of input.compactFiles) {
    reader.origin = originOf(scope ?? "project");
    reader.env = undefined;
    reader.compact(source, data);
  }
  if (disabledBy) return { handlers: [], disabledBy, warnings: reader.warnings };
  return { handlers: reader.handlers, warnings: reader.warnings };
}
