// One headless turn, whatever brought the prompt (`-p`, stdin, a stream-json user message): a slash
// command runs as a command (a local one without the model), `@server:uri` MCP mentions are
// attached, then the session runs the prompt. Returns what the result object reports (a local
// command's too: `/compact`'s summary request is counted and priced like a turn's).

import type { App } from "../../app/index.js";
import type { CommandRegistry } from "../../commands/index.js";
import type { ImageBlock, SideUsage, Usage } from "../../model/index.js";
import { addUsage } from "../../model/index.js";
import type { SubmitOptions, TurnResult } from "../../session/index.js";
import { UsageLedger } from "../../session/index.js";
import type { HeadlessTurn } from "../../ui/headless/index.js";

export type TurnPrompt = {
  text: string;
  /** Further content of a stream-json message (images …), passed to the model after the text. */
  extra?: Array<string | ImageBlock>;
  /** Text that came before the command line `text` in the same message (splitCommandMessage): it
   *  leads the command's prompt; a local command (/compact …) does not use it. */
  context?: string[];
};

function localTurn(
  runtime: App,
  started: number,
  text: string,
  failed: boolean,
  spent: readonly SideUsage[],
): HeadlessTurn {
  const usage: Usage = { input_tokens: 0, output_tokens: 0 };
  const ledger = new UsageLedger();
  for (const { model, usage: one } of spent) {
    addUsage(usage, one);
    ledger.add(model, one, runtime.session.options.modelFacts?.(model));
  }
  const turn: TurnResult = {
    terminal: { reason: "completed", text },
    result: text,
    isError: failed,
    numTurns: 0,
    durationMs: Date.now() - started,
    durationApiMs: 0,
    usage,
    totalCostUsd: ledger.totalCostUsd,
    modelUsage: ledger.models,
    unpricedModels: [...ledger.unpriced],
    permissionDenials: [],
    hookErrors: [],
  };
  return failed ? { ...turn, commandError: text } : turn;
}

export async function runHeadlessTurn(
  runtime: App,
  commands: CommandRegistry,
  prompt: TurnPrompt,
  signal: AbortSignal,
  say: (line: string) => void,
): Promise<HeadlessTurn> {
  const started = Date.now();
  // A structured answer belongs to the turn that gave it.
  runtime.structuredOutput()?.take();
  let text = prompt.text;
  // What a local command spends (the summary request of /compact) belongs to its result.
  const spent: SideUsage[] = [];
  const stopCounting = runtime.session.subscribe((event) => {
    if (event.type === "usage-counted") spent.push(event.spent);
  });
  const resolution = await commands.resolve(text, signal).finally(stopCounting);
  let turn: ((attachments: Array<string | ImageBlock>) => Promise<TurnResult>) | undefined;
  // A prompt command: UserPromptSubmit hooks see the line as typed, UserPromptExpansion the expansion.
  let submitOptions: SubmitOptions = {};
  if (resolution.kind === "command") {
    const { outcome } = resolution;
    switch (outcome.kind) {
      case "output":
      case "cleared":
        return localTurn(runtime, started, outcome.text, false, spent);
      case "error":
        return localTurn(runtime, started, outcome.text, true, spent);
      case "turn":
        turn = outcome.run;
        break;
      case "prompt":
        text = outcome.prompt;
        submitOptions = { typed: prompt.text.trim(), expansion: outcome.expansion };
        break;
      default:
        // Pickers, /resume and /exit are not in a headless run's list.
        return localTurn(runtime, started, `/${resolution.name} works only in interactive mode`, true, spent);
    }
  }
  const context = prompt.context ?? [];
  // A command that runs its own turn takes the context as its first attachment.
  if (!turn && context.length > 0) text = [...context, text].join("\n\n");
  const attachments: string[] = [];
  if (runtime.mcp && /@[\w.-]+:\S/.test(text)) {
    const attached = await runtime.mcp.attachResources(text, signal);
    for (const error of attached.errors) say(`reagent: ${error}`);
    if (attached.text) attachments.push(attached.text);
  }
  const all = [...(turn ? context : []), ...attachments, ...(prompt.extra ?? [])];
  return turn ? turn(all) : runtime.session.submit(text, all, submitOptions);
}
