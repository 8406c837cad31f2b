// The agent memory section: the project's `.agents/memory/MEMORY.md`, injected each turn with a
// note that the model may keep it current through Write/Edit (which pass the permission gate).
import { join } from "node:path";
import { truncateHead } from "../util/index.js";
import type { FileRead } from "./file-cache.js";

const MEMORY_CAP_CHARS = 16 * 1024;

export function memoryPath(cwd: string): string {
  return join(cwd, ".agents", "memory", "MEMORY.md");
}

export function formatMemorySection(path: string, file: FileRead): { text: string; warning?: string } {
  const note =
    `Your persistent memory for this project is ${path}. Keep it short and current with Write/Edit: ` +
    "durable facts (commands, conventions, decisions, preferences), not task logs; changes show next turn.";
  if (file.kind === "missing") {
    return {
      text: `# Memory\n${note} It does not exist yet.`,
    };
  }
  if (file.kind === "error") {
    return {
      text: `# Memory\n${note}`,
      warning: `Cannot read memory file ${path}: ${file.message}. Fix its permissions or remove it.`,
    };
  }
  const body = truncateHead(file.text.trimEnd(), MEMORY_CAP_CHARS, "memory truncated; condense the file");
  return { text: `# Memory\n${note}\n<memory path="${path}">\n${body}\n</memory>` };
}
