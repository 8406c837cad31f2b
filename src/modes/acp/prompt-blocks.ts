// An editor's prompt (ACP content blocks) as a reagent turn: text blocks make the prompt (a leading
// `/command` runs through the slash-command registry), images go to the model as images, embedded
// resources as marked text (the editor's selection or buffer), and links to files as `@path` mentions,
// which the session reads with the Read tool (deny rules, hooks and the gate apply).
import { fileURLToPath } from "node:url";
import type { ContentBlock } from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import type { ImageBlock, ImageMediaType } from "../../model/index.js";
import type { TurnPrompt } from "../headless/headless-turn.js";

const IMAGE_TYPES: readonly ImageMediaType[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

function image(data: string, mimeType: string, where: string): ImageBlock {
  const media = IMAGE_TYPES.find((type) => type === mimeType);
  if (!media)
    throw RequestError.invalidParams(
      { mimeType },
      `${where}: images of type ${mimeType} are not supported; send PNG, JPEG, GIF or WebP`,
    );
  return { type: "image", source: { type: "base64", media_type: media, data } };
}

function filePath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

const mention = (path: string) => (/\s|"/.test(path) ? `@"${path.replace(/"/g, "")}"` : `@${path}`);

export function promptFromBlocks(blocks: readonly ContentBlock[]): TurnPrompt {
  const texts: string[] = [];
  const extra: Array<string | ImageBlock> = [];
  for (const [index, block] of blocks.entries()) {
    const where = `prompt[${index}]`;
    switch (block.type) {
      case "text":
        texts.push(block.text);
        break;
      case "image":
        extra.push(image(block.data, block.mimeType, where));
        break;
      case "audio":
        throw RequestError.invalidParams(
          { index },
          `${where}: audio is not supported (promptCapabilities.audio is false)`,
        );
      case "resource_link": {
        const path = filePath(block.uri);
        texts.push(path ? mention(path) : `[${block.name}](${block.uri})`);
        break;
      }
      case "resource": {
        const resource = block.resource;
        if ("text" in resource) {
          extra.push(`<context uri="${resource.uri}">\n${resource.text}\n</context>`);
        } else if (resource.mimeType?.startsWith("image/")) {
          extra.push(image(resource.blob, resource.mimeType, where));
        } else {
          throw RequestError.invalidParams(
            { index, uri: resource.uri },
            `${where}: binary resources other than images are not supported (${resource.uri})`,
          );
        }
        break;
      }
    }
  }
  const text = texts.join(" ").trim();
  if (text === "" && extra.length === 0) throw RequestError.invalidParams({}, "the prompt is empty");
  return { text: text === "" ? "See the attached context." : text, extra };
}
