// WebFetch's answer for an image: the image itself for the model (as an image block next to a short
// text), unless the provider would refuse it — over the byte or pixel limits of util/image-facts.ts,
// or not a well-formed image — or the current model does not read images; those become plain, coded
// results.
import { byteSizeText, IMAGE_LIMITS_TEXT, imageOverLimit, MAX_IMAGE_SIDE } from "../../util/index.js";
import { fail, ok, type ToolResult } from "../tool.js";
import type { PageContent } from "./page-content.js";

export function imageResult(
  header: string,
  content: Extract<PageContent, { kind: "image" }>,
  data: Record<string, unknown>,
  acceptsImages: boolean,
): ToolResult {
  const { facts } = content;
  if (imageOverLimit(undefined, content.bytes) === "bytes")
    return fail(
      "image_too_large",
      `${header}: the image is ${byteSizeText(content.bytes)}; models accept at most ${IMAGE_LIMITS_TEXT}.`,
      data,
    );
  if (!facts)
    return fail("invalid_image", `${header}: the bytes are not a valid ${content.mediaType} image.`, data);
  const dimensions = `${facts.width}×${facts.height}`;
  const withImage = {
    ...data,
    image: { mediaType: content.mediaType, width: facts.width, height: facts.height },
  };
  if (imageOverLimit(facts, content.bytes) === "pixels")
    return fail(
      "image_too_large",
      `${header}: the image is ${dimensions} pixels; models accept at most ${MAX_IMAGE_SIDE} pixels a side.`,
      withImage,
    );
  if (!acceptsImages)
    return ok(
      `${header}: a ${dimensions} image. The current model does not read images, so it is not shown.`,
      withImage,
    );
  return {
    isError: false,
    content: `${header}: a ${dimensions} image, attached.`,
    data: withImage,
    images: [
      { type: "image", source: { type: "base64", media_type: content.mediaType, data: content.base64 } },
    ],
  };
}
