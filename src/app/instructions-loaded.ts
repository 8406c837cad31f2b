// InstructionsLoaded for the main conversation: wraps the system prompt builder so that each
// instruction or memory file fires the event once, the first time it is in the prompt (at the first
// build: every file of the session's start; later: a file created or imported mid-session). Files
// under the home folder are the user's, CLAUDE.local.md is local, the rest belong to the project.
import { basename, join } from "node:path";
import type { HookEngine, InstructionsLoad } from "../hooks/index.js";
import type { SystemPromptBuilder } from "../prompt/index.js";
import { errorMessage, isInside } from "../util/index.js";

function memoryType(path: string, homeDir: string): InstructionsLoad["memoryType"] {
  if (basename(path) === "CLAUDE.local.md") return "Local";
  const user = [".claude", ".agents"].some((folder) => isInside(join(homeDir, folder), path));
  return user ? "User" : "Project";
}

export function withInstructionsLoaded(
  hooks: Pick<HookEngine, "has" | "instructionsLoaded">,
  homeDir: string,
  builder: SystemPromptBuilder,
): SystemPromptBuilder {
  const seen = new Set<string>();
  return {
    override: (patch) => builder.override(patch),
    async build() {
      const built = await builder.build();
      const fresh = built.loaded.filter((file) => !seen.has(file.path));
      for (const file of fresh) seen.add(file.path);
      if (fresh.length > 0 && hooks.instructionsLoaded && hooks.has("InstructionsLoaded"))
        for (const file of fresh)
          await hooks
            .instructionsLoaded({
              filePath: file.path,
              memoryType: memoryType(file.path, homeDir),
              loadReason: file.importedBy ? "include" : "session_start",
              ...(file.importedBy ? { parentFilePath: file.importedBy } : {}),
            })
            // An observer's failure never stops the prompt from being built; it is reported once.
            .catch((error: unknown) => {
              const warning = `InstructionsLoaded hooks could not run: ${errorMessage(error)}`;
              built.warnings.push(warning);
              built.newWarnings.push(warning);
            });
      return built;
    },
  };
}
