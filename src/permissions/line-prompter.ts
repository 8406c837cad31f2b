// A plain line-based Prompter for interactive terminals without the full REPL dialog: prints the
// call, the reason and the choices, then reads one line — `y` (yes once), `a` (yes, and don't ask
// again for the suggested rule), `n [message]` (no, with an optional message for the model).
// End of input or an abort counts as "no".
import type { Readable, Writable } from "node:stream";
import type { PromptAnswer, Prompter, PromptRequest } from "./types.js";

export type LinePrompterOptions = { input: Readable; output: Writable };

export function parsePromptAnswer(line: string, suggestedRule: string): PromptAnswer | null {
  const text = line.trim();
  const match = /^(\S+)(?:\s+([\s\S]*))?$/.exec(text);
  if (!match) return null;
  const choice = match[1].toLowerCase();
  if (choice === "y" || choice === "yes") return { kind: "yes" };
  if (choice === "a" || choice === "always") return { kind: "always", rule: suggestedRule };
  if (choice === "n" || choice === "no")
    return match[2] ? { kind: "no", message: match[2].trim() } : { kind: "no" };
  return null;
}

export function createLinePrompter(options: LinePrompterOptions): Prompter {
  const { input, output } = options;
  let buffer = "";
  let ended = false;

  /** Resolves with the next line, or null at end of input / abort. */
  const readLine = (signal?: AbortSignal): Promise<string | null> =>
    new Promise((resolve) => {
      const take = (): boolean => {
        const newline = buffer.indexOf("\n");
        if (newline >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, "");
          buffer = buffer.slice(newline + 1);
          done(line);
          return true;
        }
        if (ended || signal?.aborted) {
          done(null);
          return true;
        }
        return false;
      };
      const onData = (chunk: Buffer | string) => {
        buffer += chunk.toString();
        take();
      };
      const onEnd = () => {
        ended = true;
        take();
      };
      const onAbort = () => take();
      const done = (line: string | null) => {
        input.off("data", onData);
        input.off("end", onEnd);
        signal?.removeEventListener("abort", onAbort);
        input.pause();
        resolve(line);
      };
      if (take()) return;
      input.on("data", onData);
      input.on("end", onEnd);
      signal?.addEventListener("abort", onAbort, { once: true });
      input.resume();
    });

  return {
    async ask(request: PromptRequest): Promise<PromptAnswer> {
      output.write(`\nAllow ${request.summary}\n  (${request.reason})\n`);
      output.write(
        `  y = yes · a = yes, and don't ask again for ${request.suggestedRule} · n [message] = no, and tell the model why\n`,
      );
      for (;;) {
        output.write("> ");
        const line = await readLine(request.signal);
        if (line === null) {
          output.write("\n");
          return { kind: "no" };
        }
        const answer = parsePromptAnswer(line, request.suggestedRule);
        if (answer) return answer;
        output.write("Please answer y, a or n (optionally followed by a message).\n");
      }
    },
  };
}
