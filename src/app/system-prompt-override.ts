// The base system prompt's replacement: `--system-prompt-file` (read here; a missing file is a usage
// error), else `--system-prompt`; an empty --system-prompt (what the Python SDK passes when its
// program set none) keeps the base prompt.
import { readFileSync } from "node:fs";
import { errnoReason, UsageError } from "../util/index.js";

export function systemPromptOverride(options: {
  systemPromptFile?: string;
  systemPrompt?: string;
}): string | undefined {
  if (options.systemPromptFile !== undefined) {
    try {
      return readFileSync(options.systemPromptFile, "utf8");
    } catch (error) {
      throw new UsageError(
        `--system-prompt-file ${options.systemPromptFile}: cannot read it (${errnoReason(error)})`,
      );
    }
  }
  return options.systemPrompt?.trim() ? options.systemPrompt : undefined;
}
