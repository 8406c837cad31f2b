// WebFetch's answer for an image: the image itself for the model (as an image block next to a short
// text), unless the provider would refuse it — over 5 MB, over 8000 pixels a side, or not a
// well-formed image — or the current model does not read images; those become plain, coded results.
import { fail, ok, type ToolResult } from "../tool.js";
import type { PageContent } from "./page-content.js";

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_IMAGE_SIDE = 8000;

export function imageResult(
  header: string,
  content: Extract<PageContent, { kind: "image" }>,
  data: Record<string, unknown>,
  acceptsImages: boolean,
): ToolResult {
  const { size } = content;
  if (content.bytes > MAX_IMAGE_BYTES)
    return fail(
      "image_too_large",
      `${header}: the image is larger than 5 MB, the most a model accepts.`,
      data,
    );
  if (!size)
    return fail("invalid_image", `${header}: the bytes are not a valid ${content.mediaType} image.`, data);
  const dimensions = `${size.width}×${size.height}`;
  const facts = { ...data, image: { mediaType: content.mediaType, width: size.width, height: size.height } };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE)
    return fail(
      "image_too_large",
      `${header}: the image is ${dimensions} pixels; models accept at most ${MAX_IMAGE_SIDE} pixels a side.`,
      facts,
    );
  if (!acceptsImages)
    return ok(
      `${header}: a ${dimensions} image. The current model does not read images, so it is not shown.`,
      facts,
    );
  return {
    isError: false,
    content: `${header}: a ${dimensions} image, attached.`,
    data: facts,
    images: [
      { type: "image", source: { type: "base64", media_type: content.mediaType, data: content.base64 } },
    ],
  };
}
