// A saved session as reagent writes it: a transcript file in the project's sessions folder under
// `home`, written by the real TranscriptStore, so a test can resume it (`--resume ID`).
import { join } from "node:path";
import type { Message } from "../../src/model/types.js";
import { projectSessionsDir } from "../../src/transcript/transcript-index.js";
import { TranscriptStore } from "../../src/transcript/transcript-store.js";

/** Writes `history` as session `id` of the project at `cwd`; returns the id. */
export function saveSession(home: string, cwd: string, id: string, history: readonly Message[]): string {
  const store = new TranscriptStore({
    dir: projectSessionsDir(join(home, ".agents", "sessions"), cwd),
    header: {
      session_id: id,
      cwd,
      model: "scripted",
      provider: "scripted",
      created_at: new Date().toISOString(),
      version: "test",
    },
    onWarning: (message) => {
      throw new Error(message);
    },
  });
  for (const message of history) store.append(message);
  store.close();
  return id;
}
