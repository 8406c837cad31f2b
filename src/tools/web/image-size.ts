// Width and height of a PNG, GIF, JPEG or WebP from its header bytes, so WebFetch never hands the model
// an image the provider would refuse (a refused image would fail every later request of the session).
// Undefined when the bytes are not a well-formed image of the declared kind.
import type { ImageMediaType } from "../../model/types.js";

export type ImageSize = { width: number; height: number };

function png(data: Buffer): ImageSize | undefined {
  if (data.length < 24 || data.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function gif(data: Buffer): ImageSize | undefined {
  if (data.length < 10 || !data.toString("latin1", 0, 6).match(/^GIF8[79]a$/)) return undefined;
  return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

function jpeg(data: Buffer): ImageSize | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    // Start-of-frame markers (baseline, progressive, …) hold the size; DHT, JPG and DAC do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return undefined;
}

function webp(data: Buffer): ImageSize | undefined {
  if (
    data.length < 30 ||
    data.toString("latin1", 0, 4) !== "RIFF" ||
    data.toString("latin1", 8, 12) !== "WEBP"
  )
    return undefined;
  const chunk = data.toString("latin1", 12, 16);
  if (chunk === "VP8 ")
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return undefined;
}

export function imageSize(data: Buffer, mediaType: ImageMediaType): ImageSize | undefined {
  const size =
    mediaType === "image/png"
      ? png(data)
      : mediaType === "image/gif"
        ? gif(data)
        : mediaType === "image/jpeg"
          ? jpeg(data)
          : webp(data);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
