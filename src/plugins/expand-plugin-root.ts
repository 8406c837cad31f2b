// ${CLAUDE_PLUGIN_ROOT} in a plugin's hook and MCP documents: every string of the document, at any
// depth, gets the plugin's folder in its place (commands, args, env values, urls).

/** The placeholder as plugins write it (spelled in two parts: it is not a template of this file). */
const PLUGIN_ROOT_PLACEHOLDER = "$" + "{CLAUDE_PLUGIN_ROOT}";

export function expandPluginRoot(value: unknown, root: string): unknown {
  if (typeof value === "string") return value.replaceAll(PLUGIN_ROOT_PLACEHOLDER, root);
  if (Array.isArray(value)) return value.map((item) => expandPluginRoot(item, root));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandPluginRoot(item, root)]),
    );
  return value;
}
