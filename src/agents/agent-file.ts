// One agent definition file (Markdown with YAML frontmatter: name, description, tools, model …)
// parsed into an AgentDefinition, or warnings naming the file and line when it is broken. Finding
// the files and settling name clashes is discover-agents.ts'.
import { basename } from "node:path";
import { parseFrontmatter } from "../util/frontmatter.js";
import type { AgentDefinition } from "./agent-definition.js";
import { readAgentFields } from "./agent-fields.js";
import type { AgentRoot } from "./discover-agents.js";

/** Parses one agent file; `undefined` with warnings when it is broken. */
export function parseAgentFile(
  text: string,
  path: string,
  source: AgentRoot["source"],
): { definition?: AgentDefinition; warnings: string[] } {
  const parsed = parseFrontmatter(text, "`name: …` and `description: …`");
  if (parsed.kind === "error")
    return { warnings: [`Agent skipped: ${path}:${parsed.line}: ${parsed.message}.`] };
  const result = readAgentFields(parsed.fields, {
    name: basename(path, ".md"),
    prompt: parsed.body,
    source,
    path,
  });
  if (result.kind === "error")
    return { warnings: [`Agent skipped: ${path}:${parsed.lineOf(result.field)}: ${result.message}.`] };
  return {
    definition: result.definition,
    warnings: result.warnings.map(
      (warning) =>
        `Agent ${result.definition.name}: ${path}:${parsed.lineOf(warning.field)}: ${warning.message}.`,
    ),
  };
}
