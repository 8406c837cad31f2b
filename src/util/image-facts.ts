// The one reader of image bytes: which of PNG, JPEG, GIF and WebP a buffer is (by its signature, never
// by a file name or a server's label), its pixel size from the header, and whether the model APIs
// would accept it (5 MB of base64 and 8,000 pixels a side for Anthropic; OpenAI allows more). Read,
// prompt images and MCP results (util/image-file.ts) and WebFetch (tools/web) all use it. Pure.

/** The same union as model/types.ts' ImageMediaType (util imports nothing from the model module). */
export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export type ImageFacts = { mediaType: ImageMediaType; width: number; height: number };

/** Anthropic's limit is 5 MB of base64 per image (a 3.75 MB file). */
export const MAX_IMAGE_BASE64_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8000;
/** The limits in words, for messages. */
export const IMAGE_LIMITS_TEXT = "5 MB of base64 (a 3.75 MB file) and 8000 pixels a side";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the signature bytes, or undefined when the buffer starts like no image we read. */
export function imageMediaType(bytes: Buffer): ImageMediaType | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (/^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "image/gif";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  return undefined;
}

type Size = { width: number; height: number };

function png(bytes: Buffer): Size | undefined {
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gif(bytes: Buffer): Size | undefined {
  if (bytes.length < 10) return undefined;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpeg(bytes: Buffer): Size | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes.readUInt8(offset + 1);
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    // SOF0–SOF15 (baseline, progressive, …); DHT (c4), JPG (c8) and DAC (cc) share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

function webp(bytes: Buffer): Size | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8 ")
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** Type and pixel size from the first bytes; undefined when it is no image we read or its header is
 *  broken (a zero side included): such bytes must never reach a model API, which would refuse them. */
export function imageFacts(bytes: Buffer): ImageFacts | undefined {
  const mediaType = imageMediaType(bytes);
  if (mediaType === undefined) return undefined;
  const size =
    mediaType === "image/png"
      ? png(bytes)
      : mediaType === "image/gif"
        ? gif(bytes)
        : mediaType === "image/jpeg"
          ? jpeg(bytes)
          : webp(bytes);
  if (!size || size.width <= 0 || size.height <= 0) return undefined;
  return { mediaType, ...size };
}

/** Bytes of the base64 form of `fileBytes` bytes. */
export function base64Length(fileBytes: number): number {
  return Math.ceil(fileBytes / 3) * 4;
}

/** Why the model APIs would refuse an image: too many bytes or too many pixels a side; undefined when
 *  they accept it. */
export function imageOverLimit(
  facts: Pick<ImageFacts, "width" | "height"> | undefined,
  fileBytes: number,
): "bytes" | "pixels" | undefined {
  if (base64Length(fileBytes) > MAX_IMAGE_BASE64_BYTES) return "bytes";
  if (facts && (facts.width > MAX_IMAGE_SIDE || facts.height > MAX_IMAGE_SIDE)) return "pixels";
  return undefined;
}

/** "340 KB", "4.2 MB". */
export function byteSizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
