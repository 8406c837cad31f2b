// Delivery of hook `additionalContext`: text up to 10,000 characters is passed on as is; longer
// text is written whole to a file in the spill directory (the session's own folder beside its
// transcript, so the path stays valid after exit and on --resume) and replaced by a preview plus the
// path, so one chatty hook cannot flood the model's context.
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ensureFolderSync } from "../util/index.js";

const CONTEXT_INLINE_LIMIT = 10_000;
const PREVIEW_CHARS = 2_000;

export async function spillContext(texts: string[], spillDir: string): Promise<string[]> {
  return Promise.all(
    texts.map(async (text) => {
      if (text.length <= CONTEXT_INLINE_LIMIT) return text;
      ensureFolderSync(spillDir, 0o700);
      const file = join(spillDir, `hook-context-${randomUUID().slice(0, 8)}.txt`);
      await writeFile(file, text, "utf8");
      return (
        `${text.slice(0, PREVIEW_CHARS)}\n… [hook context of ${text.length} characters truncated; ` +
        `the full text is in ${file} — read it with the Read tool if needed]`
      );
    }),
  );
}
