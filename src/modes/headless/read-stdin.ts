// Reading piped stdin for a headless prompt. Without a prompt argument stdin is the prompt: read to
// its end (saying once, after a few seconds, what reagent waits for). With a prompt argument stdin is
// extra context (`git diff | reagent -p "review"`), but programs often spawn reagent with a pipe they
// never write to or close: after `silenceMs` without any data reagent says so and goes on without it.
import type { Readable } from "node:stream";

type StdinRead = { kind: "text"; text: string } | { kind: "silent" };

export function readStdin(
  stdin: Readable,
  options: { silenceMs?: number; hintMs?: number; say: (line: string) => void },
): Promise<StdinRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (read: StdinRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(silence);
      clearTimeout(hint);
      stdin.off("data", onData);
      stdin.off("end", onEnd);
      stdin.off("error", onError);
      resolve(read);
    };
    const onData = (chunk: Buffer | string) => {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      clearTimeout(silence);
    };
    const onEnd = () => finish({ kind: "text", text: Buffer.concat(chunks).toString("utf8") });
    const onError = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const { silenceMs } = options;
    const silence =
      silenceMs === undefined
        ? undefined
        : setTimeout(() => {
            if (chunks.length > 0) return;
            options.say(
              `reagent: no input on stdin after ${Math.round(silenceMs / 1000)} s; going on without it (close stdin or redirect it from /dev/null to skip this wait)`,
            );
            stdin.pause();
            finish({ kind: "silent" });
          }, silenceMs);
    const hint =
      options.hintMs === undefined
        ? undefined
        : setTimeout(() => {
            if (chunks.length === 0)
              options.say("reagent: waiting for input on stdin (nothing piped? run with < /dev/null)");
          }, options.hintMs);
    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.once("error", onError);
    stdin.resume();
  });
}
