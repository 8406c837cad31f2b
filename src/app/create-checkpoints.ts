// The run's checkpoints (checkpoints/): on unless settings `fileCheckpointingEnabled` is false; in a
// stream-json run (the Agent SDKs) only with the SDK's enableFileCheckpointing. The store is the
// project's under reagent's state folder, the log the session's. Every tool that may change files
// waits for the prompt's snapshot before it runs (subagents use the same tools, so theirs do too),
// and the session's events open and close each prompt.
import { join } from "node:path";
import { type Checkpoints, openCheckpoints } from "../checkpoints/index.js";
import type { Message } from "../model/index.js";
import type { Session } from "../session/index.js";
import type { Tool } from "../tools/index.js";
import { projectKey } from "../transcript/index.js";
import type { Basics } from "./app.js";
import type { RunOptions } from "./run-options.js";
import { reagentStateDir } from "./state-home.js";

export function createCheckpoints(parts: {
  basics: Basics;
  options: Pick<RunOptions, "inputFormat">;
  sessionDir: string;
  warn: (message: string) => void;
}): Checkpoints | undefined {
  const { basics, options } = parts;
  if (basics.settings.merged.fileCheckpointingEnabled === false) return undefined;
  if (options.inputFormat === "stream-json" && !basics.env.sdkFileCheckpointing) return undefined;
  return openCheckpoints({
    storeDir: checkpointStoreDir(basics),
    workTree: basics.cwd,
    sessionDir: parts.sessionDir,
    env: basics.env.all,
    warn: parts.warn,
  });
}

/** `<state>/checkpoints/<project-key>`: the project's private repository and index. */
export function checkpointStoreDir(basics: Pick<Basics, "cwd" | "env">): string {
  return join(reagentStateDir(basics.env), "checkpoints", projectKey(basics.cwd));
}

/** The tools, each call that may change files waiting for the prompt's snapshot first. */
export function checkpointedTools(tools: Tool[], checkpoints: Checkpoints | undefined): Tool[] {
  if (!checkpoints) return tools;
  return tools.map((tool) =>
    Object.create(tool, {
      execute: {
        value: async (input: unknown, context: Parameters<Tool["execute"]>[1]) => {
          if (!tool.isReadOnly(input)) await checkpoints.beforeChange();
          return tool.execute(input, context);
        },
      },
    }),
  );
}

/** Opens a prompt at its first model turn and closes it when its turn ends. */
export function watchPrompts(session: Session, checkpoints: Checkpoints): () => void {
  let open = false;
  return session.subscribe((event) => {
    if (event.type === "turn-start" && !open) {
      open = true;
      const prompt = lastPrompt(session);
      if (!prompt) return;
      checkpoints.beginPrompt({ text: promptText(prompt.message.content), messageIndex: prompt.index });
    } else if (event.type === "turn-end" && open) {
      open = false;
      void checkpoints.endPrompt();
    }
  });
}

/** The latest user message with text in it (a prompt, not a tool result), and where it sits. */
function lastPrompt(session: Session): { message: Message; index: number } | undefined {
  for (let index = session.messages.length - 1; index >= 0; index--) {
    const message = session.messages[index];
    if (message?.role === "user" && message.content.some((block) => block.type === "text"))
      return { message, index };
  }
  return undefined;
}

/** The prompt's own text: the first text block (images come before it, context after). */
export function promptText(content: Message["content"]): string {
  for (const block of content) if (block.type === "text") return block.text;
  return "";
}
