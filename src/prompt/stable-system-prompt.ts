// Keeps the system prompt byte-identical within a conversation, so the provider's prompt cache of
// tools + system + earlier messages keeps hitting. The first build is fixed; when the project
// instructions or the memory file change on disk later, or the output style is switched, the prompt
// stays as it was and the change reaches the model as a note with the next prompt (after the cached prefix). A new conversation
// start (compaction, /clear) takes in the current build.
import type { BuiltSystemPrompt, SystemPromptBuilder } from "./system-prompt-builder.js";

type StableSystemPrompt = {
  /** The prompt text for requests, plus warnings no earlier build returned. */
  text(): Promise<{ text: string; newWarnings: string[] }>;
  /** Notes for sections that changed on disk since the prompt was fixed (each change once). */
  changes(): Promise<string[]>;
  /** The next text() adopts the current build (the history was replaced). */
  refresh(): void;
};

const LABELS = {
  instructions: "The project instructions (AGENTS.md / CLAUDE.md files)",
  memory: "Your memory file",
  outputStyle: "The output style instructions",
} as const;

export function createStableSystemPrompt(builder: SystemPromptBuilder): StableSystemPrompt {
  let fixed: BuiltSystemPrompt | undefined;
  /** The section versions the model has seen: in the fixed prompt or in a note. */
  let seen: Record<keyof typeof LABELS, string | undefined> | undefined;
  return {
    async text() {
      const built = await builder.build();
      if (!fixed) {
        fixed = built;
        seen = {
          instructions: built.sections.instructions,
          memory: built.sections.memory,
          outputStyle: built.sections.outputStyle,
        };
      }
      return { text: fixed.text, newWarnings: built.newWarnings };
    },
    async changes() {
      if (!fixed || !seen) return [];
      const built = await builder.build();
      const notes: string[] = [];
      for (const key of Object.keys(LABELS) as Array<keyof typeof LABELS>) {
        const now = built.sections[key];
        if (now === seen[key]) continue;
        seen[key] = now;
        notes.push(
          now
            ? `<system-reminder>\n${LABELS[key]} changed since this conversation started. They now read as follows and replace the earlier version in the system prompt:\n\n${now}\n</system-reminder>`
            : `<system-reminder>\n${LABELS[key]} no longer exist; disregard the earlier version in the system prompt.\n</system-reminder>`,
        );
      }
      return notes;
    },
    refresh() {
      fixed = undefined;
      seen = undefined;
    },
  };
}
