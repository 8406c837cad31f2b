// Image files named in a prompt (REPL or -p) are attached to it as images: a word of the prompt that
// is a path (absolute, relative to the project, `~/…`, or quoted when it has spaces) to an existing
// PNG, JPEG, GIF or WebP file. Too large, unreadable or unsupported images are not attached, and
// the user is told why; the prompt text itself is sent unchanged.
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import type { ImageBlock } from "../model/index.js";
import { loadImageFile, looksLikeImagePath } from "../util/index.js";

const MAX_ATTACHED = 20;

/** Candidate paths: quoted strings and whitespace-separated words that end in an image extension. */
function candidates(prompt: string): string[] {
  const found: string[] = [];
  const pattern = /"([^"]+)"|'([^']+)'|(\S+)/g;
  for (const match of prompt.matchAll(pattern)) {
    // `@path` mentions are attached by the session through Read (deny rules and hooks apply there).
    if (match[3]?.startsWith("@")) continue;
    const word = (match[1] ?? match[2] ?? match[3] ?? "").replace(/[),.;:!?]+$/, "");
    if (looksLikeImagePath(word)) found.push(word.replace(/\\ /g, " "));
  }
  return [...new Set(found)];
}

export async function promptImages(
  prompt: string,
  options: { cwd: string; homeDir: string; acceptsImages: boolean; model: string },
): Promise<{ images: ImageBlock[]; warnings: string[] }> {
  const images: ImageBlock[] = [];
  const warnings: string[] = [];
  for (const word of candidates(prompt)) {
    const path = word.startsWith("~/")
      ? join(options.homeDir, word.slice(2))
      : isAbsolute(word)
        ? word
        : join(options.cwd, word);
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    const shown = relative(options.cwd, path).startsWith("..") ? path : relative(options.cwd, path);
    if (!options.acceptsImages) {
      warnings.push(`${shown} was not attached: ${options.model} does not read images`);
      continue;
    }
    if (images.length >= MAX_ATTACHED) {
      warnings.push(`${shown} was not attached: at most ${MAX_ATTACHED} images go with one prompt`);
      continue;
    }
    try {
      const loaded = await loadImageFile(path, shown);
      if (loaded.ok) images.push(loaded.block);
      else warnings.push(`${shown} was not attached: ${loaded.message}`);
    } catch (error) {
      warnings.push(`${shown} was not attached: ${(error as Error).message}`);
    }
  }
  return { images, warnings };
}
