// A plain line-based Prompter for interactive terminals without the full REPL dialog (`reagent init`):
// prints the call, the reason and the choices, then reads one line with the REPL dialog's keys — `1`
// yes, `2` yes and don't ask again this session, `3` always (the rule is saved), `4 [message]` no, and
// what to do instead. End of input or an abort counts as "no".
import type { Readable, Writable } from "node:stream";
import type { PromptAnswer, Prompter, PromptRequest } from "./types.js";

type LinePrompterOptions = { input: Readable; output: Writable };

export function parsePromptAnswer(
  line: string,
  request: Pick<PromptRequest, "sessionRule" | "suggestedRule">,
): PromptAnswer | null {
  const match = /^([1-4])(?:\s+([\s\S]*))?$/.exec(line.trim());
  if (!match) return null;
  const said = match[2]?.trim();
  switch (match[1]) {
    case "1":
      return said ? null : { kind: "yes" };
    case "2":
      return said ? null : { kind: "session", rule: request.sessionRule };
    case "3":
      return said ? null : { kind: "always", rule: request.suggestedRule };
    default:
      return said ? { kind: "no", message: said } : { kind: "no" };
  }
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
        `  1 yes · 2 yes, and don't ask again this session for ${request.sessionRule} · 3 always allow ${request.suggestedRule} (saved) · 4 [what instead] no\n`,
      );
      for (;;) {
        output.write("> ");
        const line = await readLine(request.signal);
        if (line === null) {
          output.write("\n");
          return { kind: "no" };
        }
        const answer = parsePromptAnswer(line, request);
        if (answer) return answer;
        output.write("Please answer 1, 2, 3 or 4 (4 may be followed by what to do instead).\n");
      }
    },
  };
}
