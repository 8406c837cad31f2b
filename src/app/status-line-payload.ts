// The JSON a `statusLine` command reads on stdin, in Claude Code's shape: the session and its
// transcript, the folders, the model (id and display name), reagent's version, the output style, the
// session's cost, time and lines changed, and the context window's use. The counters that no other
// part keeps (lines added and removed, time spent waiting for the model) come from the event stream.
import { join } from "node:path";
import type { Usage } from "../model/index.js";
import type { SessionEvent, SessionEvents } from "../session/index.js";
import { packageVersion } from "../util/index.js";
import type { App } from "./app.js";

export type SessionTally = { startedAt: number; apiMs: number; linesAdded: number; linesRemoved: number };

/** Keeps the tally from the session's events (subagents' edits included); returns the unsubscribe. */
export function tallySession(events: SessionEvents, tally: SessionTally): () => void {
  const count = (event: SessionEvent): void => {
    if (event.type === "subagent-event") {
      count(event.event);
      return;
    }
    if (event.type === "turn-end") tally.apiMs += event.result.durationApiMs;
    if (event.type !== "tool-call-end" || event.isError) return;
    const hunks = (event.data as { structuredPatch?: unknown } | undefined)?.structuredPatch;
    for (const hunk of Array.isArray(hunks) ? hunks : []) {
      const lines: unknown = (hunk as { lines?: unknown }).lines;
      for (const line of Array.isArray(lines) ? lines : []) {
        if (typeof line !== "string") continue;
        if (line.startsWith("+")) tally.linesAdded++;
        else if (line.startsWith("-")) tally.linesRemoved++;
      }
    }
  };
  return events.subscribe(count);
}

/** `claude-opus-4-5-20251101` → `Opus 4.5`, `claude-3-5-haiku-latest` → `Haiku 3.5`; others as they are. */
export function modelDisplayName(id: string): string {
  const bare = id.slice(id.lastIndexOf("/") + 1);
  const family = /(opus|sonnet|haiku)/i.exec(bare)?.[1];
  if (!family || !/^claude-/i.test(bare)) return bare;
  const digits = bare
    .replace(/-\d{8}$|-latest$/i, "")
    .split("-")
    .filter((part) => /^\d{1,2}$/.test(part));
  const name = family[0]?.toUpperCase() + family.slice(1).toLowerCase();
  return digits.length > 0 ? `${name} ${digits.join(".")}` : name;
}

const usageOf = (usage: Usage | undefined) =>
  usage
    ? {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
        cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
      }
    : null;

export function statusLinePayload(app: App, tally: SessionTally, now = Date.now()): Record<string, unknown> {
  const { session } = app;
  const models = Object.values(session.ledger.models);
  const sum = (pick: (entry: (typeof models)[number]) => number) =>
    models.reduce((total, entry) => total + pick(entry), 0);
  const context = session.contextUsage();
  const used = context ? Math.round(context.percent) : 0;
  const inputTokens = sum(
    (entry) => entry.inputTokens + entry.cacheReadInputTokens + entry.cacheCreationInputTokens,
  );
  return {
    hook_event_name: "Status",
    session_id: app.sessionId,
    transcript_path: app.transcriptPath ?? "",
    cwd: app.cwd,
    model: { id: session.model.model, display_name: modelDisplayName(session.model.model) },
    workspace: {
      current_dir: session.options.shell.cwd,
      project_dir: app.cwd,
      // The folders the user added (not the session's own spill folder, which the gate also allows).
      added_dirs: app.gate.workspaceRoots.filter(
        (root) => root !== app.cwd && !root.startsWith(join(app.env.homeDir, ".agents", "sessions", "")),
      ),
    },
    version: packageVersion(),
    output_style: { name: app.outputStyles.active().name },
    cost: {
      total_cost_usd: session.ledger.totalCostUsd,
      total_duration_ms: Math.max(0, now - tally.startedAt),
      total_api_duration_ms: tally.apiMs,
      total_lines_added: tally.linesAdded,
      total_lines_removed: tally.linesRemoved,
    },
    context_window: {
      total_input_tokens: inputTokens,
      total_output_tokens: sum((entry) => entry.outputTokens),
      context_window_size: context?.window ?? 0,
      used_percentage: used,
      remaining_percentage: context ? 100 - used : 100,
      current_usage: usageOf(session.lastUsage),
    },
    exceeds_200k_tokens: (context?.usedTokens ?? 0) > 200_000,
  };
}
