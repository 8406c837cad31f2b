// A resumed session's earlier conversation as transcript entries, so the REPL opens looking like
// the live session did: every user prompt (also two prompts merged into one message), the model's
// thinking as its dim line, assistant markdown, one line per tool call with the same outcome, preview
// and diff a live call shows (tool_use paired with its tool_result by id), a dim line for a compaction
// summary, and only the last few entries with an "… N earlier messages" line above. Pure.
import { relativeSummary } from "./clean-event.js";
import type { HistoryMessage } from "./host.js";
import { historyToolSummary } from "./tool-key-arg.js";
import { replayedStatus, showsOneLine } from "./tool-outcome.js";
import { inputPatch, toolPatch } from "./tool-patch.js";
import { addEntry, type EntryInput, emptyTranscript, type Transcript } from "./transcript.js";

const HISTORY_ENTRY_LIMIT = 20;
/** The phrase compaction puts in the user message that carries its summary. */
const SUMMARY_PHRASE = "summary of the earlier conversation";

type HistoryOptions = {
  cwd: string;
  limit?: number;
  /** The tool's own one-line summary of a call, as the live runner gives it (undefined: unknown tool). */
  summarize?: ToolSummarizer;
  /** A call's saved structured result (its diff with line numbers), when the transcript kept it. */
  resultData?: (toolUseId: string) => unknown;
};

type ToolSummarizer = (name: string, input: Record<string, unknown>) => string | undefined;

type Outcome = { isError: boolean; content: string };

/** Text blocks sent with a prompt that are not the user's words (hook context, attachments). */
const ATTACHED = /^<(system-note|mcp-resource|attached-file|attached-folder|file)[\s>]/;
/** A `!command` the user ran, as it went to the model (session/user-shell.ts). */
const SHELL = /<bash-input>([\s\S]*?)<\/bash-input>\n<bash-stdout>([\s\S]*)<\/bash-stdout>/;

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((block) => (block && typeof block === "object" && "text" in block ? String(block.text) : ""))
      .join("\n");
  return "";
}

function outcomes(messages: readonly HistoryMessage[]): Map<string, Outcome> {
  const byId = new Map<string, Outcome>();
  for (const message of messages)
    for (const block of message.content)
      if (block.type === "tool_result")
        byId.set(block.tool_use_id, { isError: block.is_error === true, content: resultText(block.content) });
  return byId;
}

function summaryText(text: string): string {
  return /<summary>\n?([\s\S]*?)\n?<\/summary>/.exec(text)?.[1] ?? text;
}

/** The prompt's entries; `!` commands run before it (they went with it) come first, as they did live. */
function userEntries(message: HistoryMessage, cwd: string): EntryInput[] {
  const shell: EntryInput[] = [];
  const entries: EntryInput[] = [];
  for (const block of message.content) {
    if (block.type !== "text") continue;
    const command = SHELL.exec(block.text);
    if (command) {
      const [, text = "", output = ""] = command;
      const status = /^Exit code \d+/.test(output) ? "error" : "ok";
      shell.push(
        { kind: "user", text, shell: true },
        {
          kind: "tool",
          summary: historyToolSummary("Bash", { command: text }, cwd),
          status,
          content: output,
        },
      );
      continue;
    }
    if (block.text.includes(SUMMARY_PHRASE)) {
      entries.push({ kind: "summary", text: summaryText(block.text) });
      continue;
    }
    if (ATTACHED.test(block.text) || block.text.trim() === "") continue;
    entries.push({ kind: "user", text: block.text.trim() });
  }
  return [...shell, ...entries];
}

function assistantEntries(
  message: HistoryMessage,
  results: Map<string, Outcome>,
  options: HistoryOptions,
): EntryInput[] {
  const entries: EntryInput[] = [];
  let text = "";
  const flush = () => {
    if (text.trim() !== "") entries.push({ kind: "assistant", text: text.trim() });
    text = "";
  };
  for (const block of message.content) {
    if (block.type === "text") text += block.text;
    if (block.type === "thinking" || block.type === "redacted_thinking") {
      // One line per stretch of thinking, as the live view showed it.
      flush();
      const thought = block.type === "thinking" ? block.thinking : "";
      const last = entries.at(-1);
      if (last?.kind === "thinking")
        last.text = [last.text, thought].filter((part) => part !== "").join("\n\n");
      else entries.push({ kind: "thinking", text: thought });
      continue;
    }
    if (block.type !== "tool_use") continue;
    flush();
    const outcome = results.get(block.id);
    const input = (block.input && typeof block.input === "object" ? block.input : {}) as Record<
      string,
      unknown
    >;
    const status = outcome === undefined ? "interrupted" : replayedStatus(outcome.isError, outcome.content);
    entries.push({
      kind: "tool",
      summary: toolSummary(block.name, input, options),
      status,
      content: outcome?.content ?? "",
      input,
      patch:
        status === "ok"
          ? (toolPatch(block.name, options.resultData?.(block.id)) ?? inputPatch(block.name, input))
          : undefined,
      ...(showsOneLine(block.name) ? { step: true } : {}),
    });
  }
  flush();
  return entries;
}

/** The line a live call showed: the tool's own summary when the tool is known, else from the input. */
function toolSummary(name: string, input: Record<string, unknown>, options: HistoryOptions): string {
  const live = options.summarize?.(name, input);
  return live === undefined
    ? historyToolSummary(name, input, options.cwd)
    : relativeSummary(live, options.cwd);
}

/** Entries for the history; when they exceed the limit, whole earlier messages are left out. */
export function historyEntries(messages: readonly HistoryMessage[], options: HistoryOptions): EntryInput[] {
  const limit = Math.max(1, options.limit ?? HISTORY_ENTRY_LIMIT);
  const results = outcomes(messages);
  const perMessage = messages.map((message) =>
    message.role === "user" ? userEntries(message, options.cwd) : assistantEntries(message, results, options),
  );
  let start = messages.length;
  let count = 0;
  while (start > 0) {
    const entries = perMessage[start - 1];
    if (entries === undefined || count + entries.length > limit) break;
    start--;
    count += entries.length;
  }
  let shown = perMessage.slice(start).flat();
  let hidden = start;
  const last = perMessage.at(-1);
  if (start === messages.length && last !== undefined) {
    // The last message alone has more entries than the limit: show its tail.
    shown = last.slice(-limit);
    hidden = messages.length - 1;
  }
  if (hidden === 0) return shown;
  const noun = hidden === 1 ? "message" : "messages";
  return [{ kind: "info", text: `… ${hidden} earlier ${noun}` }, ...shown];
}

/** A transcript that starts with the history's entries. */
export function historyTranscript(messages: readonly HistoryMessage[], options: HistoryOptions): Transcript {
  return historyEntries(messages, options).reduce(addEntry, emptyTranscript());
}
