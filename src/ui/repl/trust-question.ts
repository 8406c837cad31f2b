// The folder-trust question an interactive start puts on the terminal before anything of the folder
// runs: what its configuration would run or allow, then y (trust, remembered until it changes),
// n (start without it) or q (quit). End of input counts as quit.
import { createInterface } from "node:readline";

export function askTrustOnTerminal(
  input: NodeJS.ReadableStream & { pause(): unknown },
  output: NodeJS.WritableStream,
): (what: string, items: string) => Promise<"yes" | "no" | "quit"> {
  return async (what, items) => {
    output.write(`reagent: ${what}\n${items}\n`);
    const lines = createInterface({ input, output, terminal: false });
    const iterator = lines[Symbol.asyncIterator]();
    try {
      for (;;) {
        output.write(
          "Trust it? y = yes, apply it (remembered until it changes) · n = no, start without it · q = quit: ",
        );
        const next = await iterator.next();
        if (next.done) return "quit";
        const answer = String(next.value).trim().toLowerCase();
        if (answer === "y" || answer === "yes") return "yes";
        if (answer === "n" || answer === "no") return "no";
        if (answer === "q" || answer === "quit") return "quit";
        output.write("Please answer y, n or q.\n");
      }
    } finally {
      lines.close();
      input.pause();
    }
  };
}
