// Test-only tools for driving the loop and the runner without the built-in tools.
import { z } from "zod";
import { defineTool, fail, ok, type Tool } from "../../src/tools/tool.js";

export type ToolLog = Array<{ name: string; event: "start" | "end"; at: number; input: unknown }>;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function testTools(log: ToolLog = []): Tool[] {
  const record = (name: string, event: "start" | "end", input: unknown) =>
    log.push({ name, event, at: performance.now(), input });
  return [
    defineTool({
      name: "Echo",
      description: "Echoes its text.",
      schema: z.object({ text: z.string(), delay_ms: z.number().optional() }),
      isReadOnly: () => true,
      summary: (input) => input.text,
      async execute(input, context) {
        record("Echo", "start", input);
        if (input.delay_ms) await sleep(input.delay_ms, context.signal);
        record("Echo", "end", input);
        if (context.signal.aborted) return fail("aborted", "aborted");
        return ok(`echo: ${input.text}`);
      },
    }),
    defineTool({
      name: "Note",
      description: "A write tool: appends a note.",
      schema: z.object({ text: z.string(), delay_ms: z.number().optional() }),
      isReadOnly: () => false,
      async execute(input, context) {
        record("Note", "start", input);
        if (input.delay_ms) await sleep(input.delay_ms, context.signal);
        record("Note", "end", input);
        if (context.signal.aborted) return fail("aborted", "Note was aborted");
        return ok(`noted: ${input.text}`);
      },
    }),
    defineTool({
      name: "Fail",
      description: "Always fails.",
      schema: z.object({ why: z.string() }),
      isReadOnly: () => true,
      async execute(input) {
        return fail("no_match", `failed: ${input.why}`);
      },
    }),
    defineTool({
      name: "Crash",
      description: "Throws.",
      schema: z.object({}),
      isReadOnly: () => true,
      async execute() {
        throw new Error("boom");
      },
    }),
  ];
}
