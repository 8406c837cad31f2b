// Turns MCP content (tool results, resource contents, prompt messages) into text for the model: text
// joined, images/audio/binary noted with type and size, embedded resources inlined, structuredContent
// rendered as JSON when no text duplicates it, and long output capped with a note. Defensive about
// malformed items: a server's bad content never throws here.
import { isDeepStrictEqual } from "node:util";
import { type ImageContent, imageBlockFrom, truncateHead } from "../util/index.js";

export const DEFAULT_MAX_OUTPUT_CHARS = 25_000;

function formatSize(base64: unknown): string {
  if (typeof base64 !== "string") return "unknown size";
  const bytes = Math.floor((base64.replace(/=+$/, "").length * 3) / 4);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown, fallback = "unknown"): string {
  return typeof value === "string" && value !== "" ? value : fallback;
}

/** One resource content item (from resources/read or an embedded resource). */
export function renderResourceContents(item: unknown): string {
  const contents = asRecord(item);
  if (!contents) return "[malformed resource content]";
  if (typeof contents.text === "string") return contents.text;
  if (contents.blob !== undefined) {
    return `[binary resource: ${text(contents.uri)}, ${text(contents.mimeType, "application/octet-stream")}, ${formatSize(contents.blob)}]`;
  }
  return `[resource without content: ${text(contents.uri)}]`;
}

/** One content block of a tool result or prompt message. */
export function renderContentBlock(block: unknown): string {
  const item = asRecord(block);
  if (!item) return "[malformed content item]";
  switch (item.type) {
    case "text":
      return typeof item.text === "string" ? item.text : "[malformed text content]";
    case "image":
    case "audio":
      return `[${item.type}: ${text(item.mimeType)}, ${formatSize(item.data)}]`;
    case "resource_link":
      return `[resource link: ${text(item.name, text(item.uri))} <${text(item.uri)}>]`;
    case "resource": {
      const resource = asRecord(item.resource);
      const body = renderResourceContents(resource);
      return `[resource: ${text(resource?.uri)}]\n${body}`;
    }
    default:
      return `[unsupported content: ${text(item.type)}]`;
  }
}

function duplicatesStructured(blocks: unknown[], structured: unknown): boolean {
  return blocks.some((block) => {
    const item = asRecord(block);
    if (item?.type !== "text" || typeof item.text !== "string") return false;
    try {
      return isDeepStrictEqual(JSON.parse(item.text), structured);
    } catch {
      return false;
    }
  });
}

/** The images of a tools/call result as content blocks for the model; one the model API would
 *  refuse (too large, not really an image) becomes a note instead. */
export function toolResultImages(result: unknown): { images: ImageContent[]; notes: string[] } {
  const blocks = asRecord(result)?.content;
  const images: ImageContent[] = [];
  const notes: string[] = [];
  for (const block of Array.isArray(blocks) ? blocks : []) {
    const item = asRecord(block);
    if (item?.type !== "image" || typeof item.data !== "string") continue;
    const loaded = imageBlockFrom(Buffer.from(item.data, "base64"), `the image (${text(item.mimeType)})`);
    if (loaded.ok) images.push(loaded.block);
    else notes.push(`[image not shown: ${loaded.message}]`);
  }
  return { images, notes };
}

/** A tools/call result as model text. */
export function renderToolResult(result: unknown, maxChars = DEFAULT_MAX_OUTPUT_CHARS): string {
  const record = asRecord(result) ?? {};
  const blocks = Array.isArray(record.content) ? record.content : [];
  const parts = blocks.map(renderContentBlock);
  if (record.content !== undefined && !Array.isArray(record.content))
    parts.push("[malformed content: not a list]");
  const structured = record.structuredContent;
  if (structured !== undefined && !duplicatesStructured(blocks, structured)) {
    parts.push(JSON.stringify(structured, null, 2));
  }
  const joined = parts.join("\n").trim();
  return capOutput(joined === "" ? "(no output)" : joined, maxChars);
}

export function capOutput(output: string, maxChars = DEFAULT_MAX_OUTPUT_CHARS): string {
  return truncateHead(output, maxChars, "MCP output truncated");
}
