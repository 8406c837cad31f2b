// The /resume picker's list: the project's saved sessions, newest first, each with its first prompt,
// last write, number of messages (counted from the file's message lines since the last /clear or
// compaction boundary, without parsing the messages) and the live process holding its lock, if any.
import { readFile } from "node:fs/promises";
import { listSessions, sessionLockHolder } from "../../transcript/index.js";
import type { SessionChoice } from "../../ui/repl/index.js";

/** A message line: Claude Code's `user`/`assistant` lines and the first release's `message` lines
 *  (the type is read before any nested object, so content can never look like one). */
const MESSAGE_LINE = /^\{[^{]*"type":"(?:user|assistant|message)"/;
const BOUNDARY_LINE = /"subtype":"(?:compact_boundary|reagent_clear)"|^\{"type":"(?:compact|clear)"/;

function countMessages(text: string): number {
  let count = 0;
  for (const line of text.split("\n")) {
    if (MESSAGE_LINE.test(line)) count++;
    else if (line.startsWith('{"') && BOUNDARY_LINE.test(line.slice(0, 400))) count = 0;
  }
  return count;
}

export async function sessionChoices(dir: string, currentId: string, pid: number): Promise<SessionChoice[]> {
  return Promise.all(
    listSessions(dir).map(async (session) => {
      const text = await readFile(session.path, "utf8").catch(() => "");
      const holder = session.id === currentId ? undefined : sessionLockHolder(dir, session.id, pid);
      return {
        id: session.id,
        firstPrompt: session.firstPrompt,
        updatedAt: session.updatedAt,
        messages: countMessages(text),
        current: session.id === currentId,
        ...(holder === undefined ? {} : { inUseBy: holder }),
      };
    }),
  );
}
