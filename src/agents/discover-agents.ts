// Finds agent definitions: Markdown files with YAML frontmatter under the project's `.agents/agents`
// and `.claude/agents` (relative to cwd), then the user's `~/.agents/agents` and `~/.claude/agents`
// (sub-folders included). `--agents` definitions come first and the built-in agents last; the first
// place a name appears wins, and a file shadowed by another file is reported. Broken files are
// reported with file and line and skipped; discovery never throws.
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { errorMessage } from "../util/index.js";
import type { AgentDefinition, AgentSource } from "./agent-definition.js";
import { BUILT_IN_AGENTS } from "./built-in-agents.js";

/** `plugin`: the root is a plugin's, and its agents are named `plugin:name`. */
export type AgentRoot = {
  directory: string;
  source: Extract<AgentSource, "project" | "user">;
  plugin?: string;
};

function agentRoots(options: { cwd: string; homeDir: string }): AgentRoot[] {
  return [
    { directory: join(options.cwd, ".agents", "agents"), source: "project" },
    { directory: join(options.cwd, ".claude", "agents"), source: "project" },
    { directory: join(options.homeDir, ".agents", "agents"), source: "user" },
    { directory: join(options.homeDir, ".claude", "agents"), source: "user" },
  ];
}

const MAX_DEPTH = 3;

async function markdownFiles(dir: string, depth = 0): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries.sort()) {
    if (entry.startsWith(".")) continue;
    const path = join(dir, entry);
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory() && depth < MAX_DEPTH) files.push(...(await markdownFiles(path, depth + 1)));
    else if (info?.isFile() && entry.endsWith(".md")) files.push(path);
  }
  return files;
}

/** One agent file as read: its definition, or none when it could not be read or parsed (the
 *  warnings say why). Read once per run; the folder-trust check and the session share it. */
export type AgentFile = {
  path: string;
  source: AgentRoot["source"];
  definition?: AgentDefinition;
  warnings: string[];
};

/** Reads and parses every agent file of the project and the user, in precedence order (a file
 *  reached twice through a link is read once). */
export async function readAgentFiles(options: {
  cwd: string;
  homeDir: string;
  /** Read these instead of the project's and the user's folders (plugins' agent folders). */
  roots?: AgentRoot[];
}): Promise<AgentFile[]> {
  const files: AgentFile[] = [];
  const seenFiles = new Set<string>();
  for (const root of options.roots ?? agentRoots(options)) {
    for (const path of await markdownFiles(root.directory)) {
      const real = await realpath(path).catch(() => path);
      if (seenFiles.has(real)) continue;
      seenFiles.add(real);
      let text: string;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        files.push({
          path,
          source: root.source,
          warnings: [`Cannot read agent ${path}: ${errorMessage(error)}; skipped.`],
        });
        continue;
      }
      // The YAML parser is loaded only when there is an agent file to read.
      const { parseAgentFile } = await import("./agent-file.js");
      const parsed = parseAgentFile(text, path, root.source);
      const definition =
        parsed.definition && root.plugin
          ? { ...parsed.definition, name: `${root.plugin}:${parsed.definition.name}` }
          : parsed.definition;
      files.push({ path, source: root.source, definition, warnings: parsed.warnings });
    }
  }
  return files;
}

/** The session's agents: `extra` (`--agents`, already validated) first, then the files, then the
 *  built-in agents; the first place a name appears wins and a shadowed file is reported. */
export function mergeAgents(
  files: readonly AgentFile[],
  extra: readonly AgentDefinition[] = [],
): { agents: AgentDefinition[]; warnings: string[] } {
  const agents: AgentDefinition[] = [...extra];
  const warnings: string[] = [];
  const byName = new Map(agents.map((agent) => [agent.name, agent]));
  for (const file of files) {
    warnings.push(...file.warnings);
    const definition = file.definition;
    if (!definition) continue;
    const winner = byName.get(definition.name);
    if (winner) {
      const by = winner.path ? `${winner.path} (${winner.source})` : "the --agents definition";
      warnings.push(
        `Agent "${definition.name}" in ${file.path} (${file.source}) is shadowed by ${by}; rename one of them to use both.`,
      );
      continue;
    }
    byName.set(definition.name, definition);
    agents.push(definition);
  }
  for (const builtIn of BUILT_IN_AGENTS) if (!byName.has(builtIn.name)) agents.push(builtIn);
  return { agents, warnings };
}

export async function discoverAgents(options: {
  cwd: string;
  homeDir: string;
  /** Session-only definitions from `--agents` (already validated). */
  extra?: AgentDefinition[];
}): Promise<{ agents: AgentDefinition[]; warnings: string[] }> {
  return mergeAgents(await readAgentFiles(options), options.extra);
}
