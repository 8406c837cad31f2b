// Folder trust, the subject: what a folder's own configuration (its project and local settings
// files, `.agents/hooks.json`, `.mcp.json`, the `allowed-tools` of its custom commands and the
// `hooks` of its agent files) would
// make reagent run or allow — hooks, MCP servers, plugins and their marketplaces, allow rules, extra
// directories, a permission mode that widens, `env`, `disableAllHooks` (it silences the user's guards),
// a `statusLine` command — one line each, plus a hash of all of it. Also the settings with that part
// withheld, for a folder that is not trusted. Pure:
// the caller reads the files.
import { createHash } from "node:crypto";
import { type LoadedSettings, mergeLayers, type SettingsLayer } from "./settings.js";

type TrustItem = { source: string; text: string };
export type TrustSubject = { items: TrustItem[]; hash: string };

type TrustInput = {
  layers: readonly SettingsLayer[];
  compactHooks: readonly SettingsLayer[];
  /** `.mcp.json` as read: its servers, or the raw text when it does not parse. */
  mcp?: { source: string; servers?: Record<string, unknown>; raw?: string };
  /** The project's custom commands that carry `allowed-tools`. */
  commands?: Array<{ source: string; name: string; rules: string[] }>;
  /** The project's agent files that carry their own `hooks`. */
  agents?: Array<{ source: string; name: string; hooks: unknown }>;
  /** The plugins the folder's own settings enable: their hooks documents and MCP servers. */
  plugins?: Array<{ source: string; id: string; hooks: unknown[]; servers?: Record<string, unknown> }>;
};

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const FOLDER_SCOPES = new Set(["project", "local"]);
const WIDENING_MODES = new Set(["acceptEdits", "bypassPermissions"]);

function commandLine(entry: Obj): string {
  const args = Array.isArray(entry.args) ? entry.args.map((arg) => JSON.stringify(String(arg))) : [];
  return [String(entry.command ?? "(no command)"), ...args].join(" ");
}

function claudeHooks(hooks: unknown, push: (text: string, value: unknown) => void): void {
  if (!isObject(hooks)) return void (hooks !== undefined && push("hooks (unreadable)", hooks));
  for (const [event, groups] of Object.entries(hooks)) {
    for (const group of Array.isArray(groups) ? groups : [groups]) {
      const matcher =
        isObject(group) && typeof group.matcher === "string" && group.matcher ? ` [${group.matcher}]` : "";
      const handlers = isObject(group) && Array.isArray(group.hooks) ? group.hooks : [group];
      for (const handler of handlers)
        push(
          `${event} hook${matcher}: ${isObject(handler) ? commandLine(handler) : JSON.stringify(handler)}`,
          handler,
        );
    }
  }
}

function compactHooks(data: Obj, push: (text: string, value: unknown) => void): void {
  const events = isObject(data.hooks) && Object.keys(data).length === 1 ? data.hooks : data;
  for (const [event, entries] of Object.entries(events)) {
    for (const entry of Array.isArray(entries) ? entries : [entries]) {
      const matcher =
        isObject(entry) && typeof entry.matcher === "string" && entry.matcher ? ` [${entry.matcher}]` : "";
      push(`${event} hook${matcher}: ${isObject(entry) ? commandLine(entry) : JSON.stringify(entry)}`, entry);
    }
  }
}

function serverLine(name: string, server: unknown): string {
  if (!isObject(server)) return `MCP server "${name}"`;
  if (typeof server.url === "string") return `MCP server "${name}": ${server.url}`;
  return `MCP server "${name}": ${commandLine(server)}`;
}

export function trustSubject(input: TrustInput): TrustSubject {
  const items: TrustItem[] = [];
  const values: unknown[] = [];
  const adder = (source: string) => (text: string, value: unknown) => {
    items.push({ source, text });
    values.push([source, text, value ?? null]);
  };
  for (const layer of input.layers) {
    if (!FOLDER_SCOPES.has(layer.scope)) continue;
    const push = adder(layer.source);
    const { hooks, env, permissions } = layer.data;
    claudeHooks(hooks, push);
    if (isObject(permissions)) {
      for (const rule of Array.isArray(permissions.allow) ? permissions.allow : [])
        push(`allow rule ${rule}`, rule);
      for (const dir of Array.isArray(permissions.additionalDirectories)
        ? permissions.additionalDirectories
        : [])
        push(`additional directory ${dir}`, dir);
      if (WIDENING_MODES.has(String(permissions.defaultMode)))
        push(`permission mode ${permissions.defaultMode}`, permissions.defaultMode);
    }
    if (isObject(env))
      for (const [key, value] of Object.entries(env)) push(`env ${key}=${String(value)}`, value);
    const statusLine = layer.data.statusLine;
    if (statusLine) push(`statusLine command: ${statusLine.command}`, statusLine);
    // A plugin brings hooks and MCP servers of its own; a marketplace decides which folder a name means.
    for (const [id, on] of Object.entries(
      isObject(layer.data.enabledPlugins) ? layer.data.enabledPlugins : {},
    ))
      if (on !== false) push(`plugin ${id} enabled`, on);
    for (const [name, entry] of Object.entries(
      isObject(layer.data.extraKnownMarketplaces) ? layer.data.extraKnownMarketplaces : {},
    ))
      push(`plugin marketplace ${name}: ${JSON.stringify(isObject(entry) ? entry.source : entry)}`, entry);
    // Turning hooks off turns off the user's own guards too (a `git push` or `rm -rf` blocker).
    if (layer.data.disableAllHooks === true) push("disableAllHooks: turns off every hook, yours too", true);
  }
  for (const file of input.compactHooks) compactHooks(file.data, adder(file.source));
  if (input.mcp) {
    const push = adder(input.mcp.source);
    if (input.mcp.servers)
      for (const [name, server] of Object.entries(input.mcp.servers)) push(serverLine(name, server), server);
    else if (input.mcp.raw !== undefined) push("MCP configuration (not valid JSON)", input.mcp.raw);
  }
  for (const agent of input.agents ?? []) {
    const push = adder(agent.source);
    claudeHooks(agent.hooks, (text, value) => push(`agent ${agent.name}: ${text}`, value));
  }
  for (const plugin of input.plugins ?? []) {
    const push = adder(plugin.source);
    for (const hooks of plugin.hooks)
      claudeHooks(hooks, (text, value) => push(`plugin ${plugin.id}: ${text}`, value));
    for (const [name, server] of Object.entries(plugin.servers ?? {}))
      push(`plugin ${plugin.id}: ${serverLine(name, server)}`, server);
  }
  for (const command of input.commands ?? [])
    for (const rule of command.rules) adder(command.source)(`/${command.name} allowed-tools ${rule}`, rule);
  const hash = createHash("sha256").update(JSON.stringify(values)).digest("hex");
  return { items, hash };
}

/** The settings without what the folder's own files would run or allow: hooks, `env`, allow rules,
 *  extra directories, `disableAllHooks`, `statusLine`, enabled plugins and plugin marketplaces, and a
 *  widening permission mode of project and local layers, and `.agents/hooks.json`. Deny and ask rules,
 *  the model and the other settings still apply. */
export function withholdFolderConfig(settings: LoadedSettings): LoadedSettings {
  const layers = settings.layers.map((layer): SettingsLayer => {
    if (!FOLDER_SCOPES.has(layer.scope)) return layer;
    const {
      hooks: _hooks,
      env: _env,
      disableAllHooks: _off,
      statusLine: _statusLine,
      enabledPlugins: _plugins,
      extraKnownMarketplaces: _markets,
      permissions,
      ...rest
    } = layer.data;
    const data: Obj = { ...rest };
    if (isObject(permissions)) {
      const { allow: _allow, additionalDirectories: _dirs, defaultMode, ...kept } = permissions;
      data.permissions =
        WIDENING_MODES.has(String(defaultMode)) || defaultMode === undefined
          ? kept
          : { ...kept, defaultMode };
    }
    return { ...layer, data };
  });
  return { ...settings, layers, compactHooks: [], merged: mergeLayers(layers) };
}
