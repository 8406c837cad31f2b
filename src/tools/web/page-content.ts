// Turns a fetched body into what the model can use, by content type: HTML → Markdown, text and JSON
// as they are (decoded by their charset), PNG/JPEG/GIF/WebP images as images; anything else (PDF,
// archives, audio, video, unknown binary) is refused with a message that names the type.

import type { ImageMediaType } from "../../model/index.js";
import { type ImageFacts, imageFacts, imageMediaType } from "../../util/index.js";

export type PageContent =
  | { kind: "text"; format: "markdown" | "text" | "json"; text: string; title?: string }
  /** `facts` is undefined when the bytes are not a well-formed image of that type. */
  | { kind: "image"; mediaType: ImageMediaType; base64: string; bytes: number; facts: ImageFacts | undefined }
  | { kind: "unsupported"; mediaType: string; reason: string };

const TEXT_TYPES = new Set([
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "application/typescript",
  "application/x-sh",
  "application/x-yaml",
  "application/yaml",
  "application/toml",
  "application/x-toml",
  "application/sql",
  "application/graphql",
  "application/x-ndjson",
  "application/xml",
]);

/** Sniffs a body without a usable content type from its first bytes. */
function sniff(body: Buffer): string {
  const image = imageMediaType(body);
  if (image) return image;
  if (body.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  const head = body.subarray(0, 1024).toString("utf8").trimStart().toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "text/html";
  if (body.subarray(0, 8192).includes(0)) return "application/octet-stream";
  return "text/plain";
}

function parseContentType(header: string | undefined): { mediaType: string; charset?: string } {
  if (!header) return { mediaType: "" };
  const [type = "", ...params] = header.split(";");
  const charset = params
    .map((param) => param.trim().split("="))
    .find(([name]) => name?.toLowerCase() === "charset")?.[1]
    ?.replace(/^"|"$/g, "");
  return { mediaType: type.trim().toLowerCase(), charset };
}

function decode(body: Buffer, charset: string | undefined, html: boolean): string {
  let label = charset;
  if (!label && html)
    label = /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString("latin1"))?.[1];
  try {
    return new TextDecoder(label ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

const IMAGE_TYPES = new Set<string>(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export async function pageContent(
  body: Buffer,
  contentTypeHeader: string | undefined,
  url: string,
): Promise<PageContent> {
  const declared = parseContentType(contentTypeHeader);
  const generic = declared.mediaType === "" || declared.mediaType === "application/octet-stream";
  // Images are typed by their bytes: a JPEG served as image/png must be sent as a JPEG.
  const sniffed = generic || declared.mediaType.startsWith("image/") ? sniff(body) : undefined;
  const mediaType = sniffed && (generic || IMAGE_TYPES.has(sniffed)) ? sniffed : declared.mediaType;
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") {
    const { htmlToMarkdown } = await import("./html-to-markdown.js");
    const page = htmlToMarkdown(decode(body, declared.charset, true), url);
    return { kind: "text", format: "markdown", text: page.markdown, title: page.title };
  }
  if (mediaType === "application/json" || mediaType.endsWith("+json"))
    return { kind: "text", format: "json", text: decode(body, declared.charset, false) };
  if (mediaType.startsWith("text/") || mediaType.endsWith("+xml") || TEXT_TYPES.has(mediaType)) {
    const format = mediaType === "text/markdown" || mediaType === "text/x-markdown" ? "markdown" : "text";
    return { kind: "text", format, text: decode(body, declared.charset, false) };
  }
  if (IMAGE_TYPES.has(mediaType))
    return {
      kind: "image",
      mediaType: mediaType as ImageMediaType,
      base64: body.toString("base64"),
      bytes: body.length,
      facts: imageFacts(body),
    };
  const what = mediaType.startsWith("image/")
    ? `${mediaType} images are not supported (PNG, JPEG, GIF and WebP are)`
    : `WebFetch reads HTML, text, JSON and images, not ${mediaType} content`;
  return { kind: "unsupported", mediaType, reason: what };
}
