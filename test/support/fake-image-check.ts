// Image checks the fake model server applies the way the real APIs do: base64 that decodes, a media
// type the API accepts, bytes that really are that format, and size and dimension limits. Dimensions
// are read from the PNG, JPEG, GIF and WebP headers (no image library).

export type ImageFacts = { mediaType: string; bytes: number; width: number; height: number };

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

function sniff(buffer: Buffer): string | undefined {
  if (buffer.length >= 8 && buffer.readUInt32BE(0) === 0x89504e47) return "image/png";
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return "image/jpeg";
  if (buffer.length >= 6 && /^GIF8[79]a$/.test(buffer.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (
    buffer.length >= 12 &&
    buffer.subarray(0, 4).toString("latin1") === "RIFF" &&
    buffer.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return undefined;
}

function jpegSize(buffer: Buffer): [number, number] | undefined {
  let offset = 2;
  while (offset + 9 < buffer.length) {
    if (buffer[offset] !== 0xff) return undefined;
    const marker = buffer.readUInt8(offset + 1);
    const length = buffer.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return [buffer.readUInt16BE(offset + 7), buffer.readUInt16BE(offset + 5)];
    offset += 2 + length;
  }
  return undefined;
}

function webpSize(buffer: Buffer): [number, number] | undefined {
  const chunk = buffer.subarray(12, 16).toString("latin1");
  if (chunk === "VP8X" && buffer.length >= 30)
    return [buffer.readUIntLE(24, 3) + 1, buffer.readUIntLE(27, 3) + 1];
  if (chunk === "VP8 " && buffer.length >= 30)
    return [buffer.readUInt16LE(26) & 0x3fff, buffer.readUInt16LE(28) & 0x3fff];
  if (chunk === "VP8L" && buffer.length >= 25) {
    const bits = buffer.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  return undefined;
}

function dimensions(buffer: Buffer, type: string): [number, number] | undefined {
  if (type === "image/png" && buffer.length >= 24) return [buffer.readUInt32BE(16), buffer.readUInt32BE(20)];
  if (type === "image/gif" && buffer.length >= 10) return [buffer.readUInt16LE(6), buffer.readUInt16LE(8)];
  if (type === "image/jpeg") return jpegSize(buffer);
  if (type === "image/webp") return webpSize(buffer);
  return undefined;
}

/** Checks one base64 image; returns its facts or the problem, worded like the APIs' errors. */
export function checkImage(mediaType: unknown, data: unknown): ImageFacts | { error: string } {
  if (typeof mediaType !== "string" || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mediaType))
    return {
      error: `media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp' (got ${JSON.stringify(mediaType)})`,
    };
  if (typeof data !== "string" || data === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(data))
    return { error: "data: invalid base64 data" };
  const buffer = Buffer.from(data, "base64");
  const actual = sniff(buffer);
  if (actual === undefined) return { error: "Could not process image" };
  if (actual !== mediaType) return { error: `Image does not match the provided media type ${mediaType}` };
  const size = dimensions(buffer, actual);
  if (!size) return { error: "Could not process image" };
  return { mediaType, bytes: buffer.length, width: size[0], height: size[1] };
}

/** Anthropic's token estimate for an image: width × height / 750. */
export function imageTokens(facts: ImageFacts): number {
  return Math.max(1, Math.ceil((facts.width * facts.height) / 750));
}
