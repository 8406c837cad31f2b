// MCP tool naming: `mcp__<server>__<tool>` with characters outside [A-Za-z0-9_-] replaced by "_",
// kept within the 64 characters model APIs accept (a short hash keeps long names unique).
import { createHash } from "node:crypto";

const MAX_TOOL_NAME_LENGTH = 64;

function sanitizeNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, "_");
}

export function mcpToolName(server: string, tool: string): string {
  const name = `mcp__${sanitizeNamePart(server)}__${sanitizeNamePart(tool)}`;
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const hash = createHash("sha256").update(`${server}\0${tool}`).digest("hex").slice(0, 8);
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - 9)}_${hash}`;
}
