// One agent definition file (Markdown with YAML frontmatter: name, description, tools, model …)
// parsed into an AgentDefinition, or warnings naming the file and line when it is broken. Finding
// the files and settling name clashes is discover-agents.ts'.
import { basename } from "node:path";
import { parseFrontmatter } from "../util/index.js";
import type { AgentDefinition } from "./agent-definition.js";
import { readAgentFields } from "./agent-fields.js";
import type { AgentRoot } from "./discover-agents.js";

/** Parses one agent file; `undefined` with warnings when it is broken. */
export function parseAgentFile(
  text: string,
  path: string,
  source: AgentRoot["source"],
): { definition?: AgentDefinition; warnings: string[] } {
  const parsed = parseFrontmatter(text, { example: "`name: …` and `description: …`" });
  if (parsed.kind === "error")
    return { warnings: [`Agent skipped: ${path}:${parsed.line}: ${parsed.message}.`] };
  const read = parsed.warnings.map((warning) => `${path}:${warning.line}: ${warning.message}.`);
  const result = readAgentFields(parsed.fields, {
    name: basename(path, ".md"),
    prompt: parsed.body,
    source,
    path,
  });
  if (result.kind === "error")
    return {
      warnings: [
        ...read.map((text) => `Agent file ${text}`),
        `Agent skipped: ${path}:${parsed.lineOf(result.field)}: ${result.message}.`,
      ],
    };
  const name = result.definition.name;
  return {
    definition: result.definition,
    warnings: [
      ...read.map((text) => `Agent ${name}: ${text}`),
      ...result.warnings.map(
        (warning) => `Agent ${name}: ${path}:${parsed.lineOf(warning.field)}: ${warning.message}.`,
      ),
    ],
  };
}
