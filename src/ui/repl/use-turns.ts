// The turn lifecycle: prompts queue while the agent works and run one at a time once it is idle
// and no dialog is open; a line is a slash command (dispatched against the host), a `!` shell
// command (bash mode) or a prompt for the session, sent with the files and MCP resources it
// mentions with `@`. News for the model (a background agent finished) that arrives while the REPL is
// idle starts a turn of its own, as Claude Code does. A failing turn or command becomes an error
// entry, never a crash.
import { useCallback, useEffect, useState } from "react";
import type { CommandOutcome } from "../../commands/index.js";
import { parseSlash } from "../../commands/index.js";
import type { SubmitOptions } from "../../session/index.js";
import { errorMessage } from "../../util/index.js";
import type { ReplHost } from "./host.js";
import { isShellInput } from "./shell-mode.js";
import type { Style } from "./style.js";
import type { EntryInput, Transcript } from "./transcript.js";

type TurnsOptions = {
  host: ReplHost;
  style: Style;
  add: (entry: EntryInput) => void;
  setTranscript: (update: (state: Transcript) => Transcript) => void;
  /** What `/help` shows: the keys and the commands. */
  helpText: () => string;
  /** Something blocks the next queued line (an open dialog). */
  blocked: boolean;
  onCleared: () => void;
  onExit: () => void;
  /** `/model`, `/resume` or `/output-style` without arguments: open that picker. */
  onPick: (picker: "model" | "resume" | "output-style" | "rewind") => void;
  /** `/resume <id>`. */
  onResume: (id: string) => Promise<void>;
};

/** `@server:uri` MCP resources the prompt mentions (`@path` files are attached by the session). */
async function attachResources(host: ReplHost, prompt: string) {
  if (!prompt.includes("@") || !host.attachResources) return { blocks: [], problems: [] };
  return host.attachResources(prompt);
}

type Add = (entry: EntryInput) => void;
type ShownOutcome = Extract<CommandOutcome, { kind: "output" | "error" | "cleared" }>;

/**
 * Sends a prompt to the session: news for the model alone (no `display`), or a typed line with the
 * MCP resources it mentions. A slash command's expansion is sent; UserPromptSubmit hooks see the
 * line as typed, UserPromptExpansion hooks the expansion.
 */
async function submitPrompt(
  host: ReplHost,
  add: Add,
  prompt: string,
  display: string | undefined,
  expansion?: SubmitOptions["expansion"],
): Promise<void> {
  if (display === undefined) {
    await host.session.submit(prompt, [], { news: true });
    return;
  }
  const resources = await attachResources(host, prompt);
  for (const problem of resources.problems) add({ kind: "warning", text: problem });
  const options = prompt === display ? {} : { typed: display, ...(expansion ? { expansion } : {}) };
  await host.session.submit(prompt, resources.blocks, options);
}

/** A command's output, error or /clear as a transcript entry. */
function showOutcome(add: Add, style: Style, onCleared: () => void, text: string, outcome: ShownOutcome) {
  switch (outcome.kind) {
    case "cleared":
      onCleared();
      add({ kind: "info", text: `${text}\n${outcome.text}` });
      return;
    case "output":
      add({ kind: "info", text: `${style.bold(text)}\n${outcome.text}` });
      return;
    case "error":
      add({ kind: "error", text: `${text}\n${outcome.text}` });
  }
}

type RunTurn = (
  prompt: string,
  display: string | undefined,
  run?: () => Promise<unknown>,
  expansion?: SubmitOptions["expansion"],
) => Promise<void>;

type OutcomeHandlers = Pick<TurnsOptions, "onExit" | "onPick" | "onResume"> & {
  runTurn: RunTurn;
  show: (text: string, outcome: ShownOutcome) => void;
};

/** What a slash command's outcome does next: a turn (its prompt or its own run), a picker, an exit … */
function followOutcome(outcome: CommandOutcome, text: string, display: string, handlers: OutcomeHandlers) {
  switch (outcome.kind) {
    case "exit":
      return handlers.onExit();
    case "prompt":
      return handlers.runTurn(outcome.prompt, display, undefined, outcome.expansion);
    case "turn":
      return handlers.runTurn(display, display, () => outcome.run([]));
    case "pick":
      return handlers.onPick(outcome.picker);
    case "resume":
      return handlers.onResume(outcome.id);
    default:
      handlers.show(text, outcome);
  }
}

/** How many times news for the model arrived (re-subscribed when /clear replaced the session). */
function useNewsCount(host: ReplHost) {
  const [news, setNews] = useState(0);
  useEffect(
    () =>
      host.session.subscribe((event) => {
        if (event.type === "news-waiting") setNews((count) => count + 1);
      }),
    [host, host.session],
  );
  return [news, setNews] as const;
}

/** `!command`: runs it through the gate; its output goes to the agent with the next prompt. */
function useShellRunner(host: ReplHost, add: Add, busy: (on: boolean) => void) {
  return useCallback(
    async (command: string) => {
      add({ kind: "user", text: command, shell: true });
      if (command === "") {
        add({ kind: "info", text: "Type a shell command after ! (e.g. !git status)." });
        return;
      }
      busy(true);
      try {
        const outcome = await host.session.shell(command);
        if (outcome.kind === "ran")
          add({ kind: "info", text: "The agent sees this command and its output with your next message." });
      } catch (error) {
        add({ kind: "error", text: `The command failed: ${errorMessage(error)}` });
      } finally {
        busy(false);
      }
    },
    [host, add, busy],
  );
}

export function useTurns(options: TurnsOptions) {
  const { host, style, add, setTranscript, helpText, blocked, onCleared, onExit } = options;
  const { onPick, onResume } = options;
  const [busy, setBusy] = useState(false);
  const [startedAt, setStartedAt] = useState(0);
  const [queue, setQueue] = useState<string[]>([]);
  const [news, setNews] = useNewsCount(host);
  /** Busy from now (the clock restarts), or idle. */
  const markBusy = useCallback((on: boolean) => {
    setBusy(on);
    if (on) setStartedAt(Date.now());
  }, []);

  const enqueue = useCallback((text: string) => setQueue((list) => [...list, text]), []);

  const runTurn: RunTurn = useCallback(
    async (prompt, display, run, expansion) => {
      if (display !== undefined) add({ kind: "user", text: display });
      markBusy(true);
      setTranscript((state) => ({ ...state, outputTokens: 0, streamedChars: 0 }));
      try {
        if (run) await run();
        else await submitPrompt(host, add, prompt, display, expansion);
      } catch (error) {
        add({ kind: "error", text: `The turn failed: ${errorMessage(error)}` });
      } finally {
        markBusy(false);
      }
    },
    [host, add, setTranscript, markBusy],
  );

  const show = useCallback(
    (text: string, outcome: ShownOutcome) => showOutcome(add, style, onCleared, text, outcome),
    [add, style, onCleared],
  );
  const runShell = useShellRunner(host, add, markBusy);

  const runLine = useCallback(
    async (text: string) => {
      if (isShellInput(text)) return runShell(text.trimStart().slice(1).trim());
      const parsed = parseSlash(text);
      if (!parsed) return runTurn(text, text);
      const display = `/${parsed.name}${parsed.args ? ` ${parsed.args}` : ""}`;
      // The keys are the REPL's own; the commands come from the one registry.
      if (parsed.name === "help") return show(text, { kind: "output", text: helpText() });
      markBusy(true);
      const resolution = await host.runCommand(text, new AbortController().signal);
      markBusy(false);
      if (resolution.kind === "plain") return runTurn(text, text);
      return followOutcome(resolution.outcome, text, display, { runTurn, onExit, onPick, onResume, show });
    },
    [host, helpText, runTurn, runShell, onExit, show, onPick, onResume, markBusy],
  );

  useEffect(() => {
    if (busy || blocked) return;
    const [next, ...rest] = queue;
    if (next !== undefined) {
      // The next prompt takes any waiting news along.
      setQueue(rest);
      void runLine(next);
      return;
    }
    if (news === 0) return;
    setNews(0);
    // A turn that ran since may have taken the news already.
    const waiting = host.session.news.take();
    if (waiting.length > 0) void runTurn(waiting.join("\n\n"), undefined);
  }, [busy, queue, blocked, news, host, runLine, runTurn, setNews]);

  return { busy, startedAt, queue, enqueue };
}
