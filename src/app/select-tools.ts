// `--tools`: the built-in tools a run offers (all without the flag); an unknown name is a usage error
// that lists the real ones. MCP tools and skills are not affected.
import type { Tool } from "../tools/index.js";
import { UsageError } from "../util/index.js";

export function selectBuiltinTools(wanted: readonly string[] | undefined, builtins: Tool[]): Tool[] {
  if (!wanted) return builtins;
  const names = builtins.map((tool) => tool.name);
  for (const name of wanted)
    if (!names.includes(name))
      throw new UsageError(
        `--tools ${wanted.join(",")}: unknown tool "${name}"; built-in tools are ${names.join(", ")}`,
      );
  return builtins.filter((tool) => wanted.includes(tool.name));
}
