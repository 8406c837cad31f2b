// Image files as content blocks for the model: PNG, JPEG, GIF and WebP recognised by their bytes,
// their pixel size read from the header, and the providers' limits checked (5 MB of base64 and
// 8,000 pixels a side for Anthropic; OpenAI allows more). reagent does not resize images (that needs
// a native or WebAssembly image library): an image above the limits is refused with a message that
// says how to make a smaller copy. Used by Read, by prompts that name an image file, and by MCP results.
import { promises as fs } from "node:fs";
import path from "node:path";

/** The same shape as model/types.ts' ImageBlock (util imports nothing from the model module). */
export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export type ImageContent = {
  type: "image";
  source: { type: "base64"; media_type: ImageMediaType; data: string };
};

export const IMAGE_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp"] as const;
/** Anthropic's limit is 5 MB of base64 per image. */
export const MAX_IMAGE_BASE64_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8000;

export type ImageFacts = { mediaType: ImageMediaType; width: number; height: number };

export function looksLikeImagePath(file: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase());
}

/** The image type and pixel size from the first bytes, or undefined when it is no image we read. */
export function imageFacts(bytes: Buffer): ImageFacts | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47)
    return { mediaType: "image/png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1")))
    return { mediaType: "image/gif", width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (
    bytes.length >= 30 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  )
    return webp(bytes);
  return undefined;
}

function jpeg(bytes: Buffer): ImageFacts | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame)
      return {
        mediaType: "image/jpeg",
        width: bytes.readUInt16BE(offset + 7),
        height: bytes.readUInt16BE(offset + 5),
      };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

function webp(bytes: Buffer): ImageFacts | undefined {
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X")
    return {
      mediaType: "image/webp",
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
    };
  if (chunk === "VP8 ")
    return {
      mediaType: "image/webp",
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return { mediaType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type LoadedImage =
  | { ok: true; block: ImageContent; facts: ImageFacts; bytes: number; summary: string }
  | { ok: false; code: "not_an_image" | "image_too_large"; message: string };

function notAnImage(shown: string): LoadedImage {
  return {
    ok: false,
    code: "not_an_image",
    message: `${shown} is not a PNG, JPEG, GIF or WebP image the model can read.`,
  };
}

/** Why an image of this size cannot be sent, or undefined when it can. */
function tooLarge(facts: ImageFacts, fileBytes: number, shown: string): LoadedImage | undefined {
  const base64Bytes = Math.ceil(fileBytes / 3) * 4;
  if (
    base64Bytes <= MAX_IMAGE_BASE64_BYTES &&
    facts.width <= MAX_IMAGE_SIDE &&
    facts.height <= MAX_IMAGE_SIDE
  )
    return undefined;
  const kind = facts.mediaType.slice("image/".length).toUpperCase();
  return {
    ok: false,
    code: "image_too_large",
    message:
      `${shown} is a ${facts.width}×${facts.height} ${kind} of ${sizeText(fileBytes)}; the model API accepts images up to ` +
      `${sizeText((MAX_IMAGE_BASE64_BYTES * 3) / 4)} and ${MAX_IMAGE_SIDE} pixels a side, and reagent does not resize images. ` +
      "Make a smaller copy and read that, e.g. `magick in.png -resize 1568x1568 -quality 85 out.jpg` (ImageMagick), " +
      "`sips -Z 1568 in.png --out out.png` (macOS) or `ffmpeg -i in.png -vf scale=1568:-1 out.png`.",
  };
}

/** An image as a content block, or why it cannot be sent; `shown` names it in messages. */
export function imageBlockFrom(bytes: Buffer, shown: string): LoadedImage {
  const facts = imageFacts(bytes);
  if (!facts) return notAnImage(shown);
  const refused = tooLarge(facts, bytes.length, shown);
  if (refused) return refused;
  return {
    ok: true,
    block: {
      type: "image",
      source: { type: "base64", media_type: facts.mediaType, data: bytes.toString("base64") },
    },
    facts,
    bytes: bytes.length,
    summary: `${facts.mediaType.slice("image/".length).toUpperCase()} image, ${facts.width}×${facts.height} pixels, ${sizeText(bytes.length)}`,
  };
}

/** Reads an image file into a content block (see imageBlockFrom); a file far above the limit is
 *  refused from its header without reading it whole. */
export async function loadImageFile(absolutePath: string, shown: string): Promise<LoadedImage> {
  const handle = await fs.open(absolutePath, "r");
  try {
    const { size } = await handle.stat();
    if (size > MAX_IMAGE_BASE64_BYTES) {
      const head = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const facts = imageFacts(head.subarray(0, bytesRead));
      if (!facts) return notAnImage(shown);
      const refused = tooLarge(facts, size, shown);
      if (refused) return refused;
    }
    return imageBlockFrom(await handle.readFile(), shown);
  } finally {
    await handle.close();
  }
}
