// Image files as content blocks for the model, for Read, prompts that name an image file and MCP
// results: the bytes are typed, sized and checked against the providers' limits by image-facts.ts.
// reagent does not resize images (that needs a native or WebAssembly image library): an image above
// the limits is refused with a message that says how to make a smaller copy.
import { promises as fs } from "node:fs";
import path from "node:path";
import {
  byteSizeText,
  IMAGE_LIMITS_TEXT,
  type ImageFacts,
  type ImageMediaType,
  imageFacts,
  imageMediaType,
  imageOverLimit,
} from "./image-facts.js";
import { present } from "./invariant.js";

/** The same shape as model/types.ts' ImageBlock (util imports nothing from the model module). */
export type ImageContent = {
  type: "image";
  source: { type: "base64"; media_type: ImageMediaType; data: string };
};

const IMAGE_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp"] as const;

export function looksLikeImagePath(file: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase());
}

type LoadedImage =
  | { ok: true; block: ImageContent; facts: ImageFacts; bytes: number; summary: string }
  | { ok: false; code: "not_an_image" | "image_too_large"; message: string };

function notAnImage(shown: string): LoadedImage {
  return {
    ok: false,
    code: "not_an_image",
    message: `${shown} is not a PNG, JPEG, GIF or WebP image the model can read.`,
  };
}

/** Why an image of this size cannot be sent, or undefined when it can; `facts` may be unknown for a
 *  file too large to read whole. */
function tooLarge(
  mediaType: ImageMediaType,
  facts: ImageFacts | undefined,
  fileBytes: number,
  shown: string,
): LoadedImage | undefined {
  if (imageOverLimit(facts, fileBytes) === undefined) return undefined;
  const kind = mediaType.slice("image/".length).toUpperCase();
  const what = facts ? `a ${facts.width}×${facts.height} ${kind}` : `a ${kind}`;
  return {
    ok: false,
    code: "image_too_large",
    message:
      `${shown} is ${what} of ${byteSizeText(fileBytes)}; the model API accepts images up to ` +
      `${IMAGE_LIMITS_TEXT}, and reagent does not resize images. ` +
      "Make a smaller copy and read that, e.g. `magick in.png -resize 1568x1568 -quality 85 out.jpg` (ImageMagick), " +
      "`sips -Z 1568 in.png --out out.png` (macOS) or `ffmpeg -i in.png -vf scale=1568:-1 out.png`.",
  };
}

/** An image as a content block, or why it cannot be sent; `shown` names it in messages. */
export function imageBlockFrom(bytes: Buffer, shown: string): LoadedImage {
  const facts = imageFacts(bytes);
  if (!facts) return notAnImage(shown);
  const refused = tooLarge(facts.mediaType, facts, bytes.length, shown);
  if (refused) return refused;
  return {
    ok: true,
    block: {
      type: "image",
      source: { type: "base64", media_type: facts.mediaType, data: bytes.toString("base64") },
    },
    facts,
    bytes: bytes.length,
    summary: `${facts.mediaType.slice("image/".length).toUpperCase()} image, ${facts.width}×${facts.height} pixels, ${byteSizeText(bytes.length)}`,
  };
}

/** Reads an image file into a content block (see imageBlockFrom); a file above the byte limit is
 *  refused from its header without reading it whole. */
export async function loadImageFile(absolutePath: string, shown: string): Promise<LoadedImage> {
  const handle = await fs.open(absolutePath, "r");
  try {
    const { size } = await handle.stat();
    if (imageOverLimit(undefined, size)) {
      // Too many bytes whatever the header says: refuse from the first 64 KB without reading it all.
      const head = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const mediaType = imageMediaType(head.subarray(0, bytesRead));
      if (!mediaType) return notAnImage(shown);
      const refused = tooLarge(mediaType, imageFacts(head.subarray(0, bytesRead)), size, shown);
      return present(refused, "a file over the byte limit is too large whatever its header says");
    }
    return imageBlockFrom(await handle.readFile(), shown);
  } finally {
    await handle.close();
  }
}
