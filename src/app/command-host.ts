// The built-in commands' view of the App (the CommandHost of commands/): reports of its state
// (status, hooks with their last runs, permissions, memory, skills, MCP, agents, cost, thinking) and
// the changes a person can ask for by name (compact, clear, rules, folders, model). The same host
// serves the REPL, `-p` and stream-json.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatAgentsList } from "../agents/index.js";
import { budgetReport } from "../budget/index.js";
import type { CommandHost } from "../commands/index.js";
import { persistRule, removePersistedRule } from "../config/index.js";
import { formatHookList, hookRunLine } from "../hooks/index.js";
import { formatMcpStatus } from "../mcp/index.js";
import { formatPluginList } from "../plugins/index.js";
import { buildInitPrompt, detectInitTarget } from "../prompt/index.js";
import { costReport, lastThinking } from "../session/index.js";
import { addDirectory } from "./add-directory.js";
import type { App } from "./app.js";
import { outputStylesReport, switchOutputStyle } from "./output-styles.js";
import { stopTask, tasksReport } from "./tasks-report.js";

const HOOK_RUNS_KEPT = 20;

function agentsReport(app: App): string {
  const { agents, subagents, definitionWarnings } = app.agents;
  const lines = [formatAgentsList(agents, definitionWarnings)];
  const ids = subagents.ids();
  if (ids.length > 0) lines.push("", "Background agents:");
  for (const id of ids) {
    const view = subagents.get(id);
    if (view)
      lines.push(
        `  ${id}  ${view.agentType}: ${view.description}  ${view.status}${view.progress ? ` (${view.progress})` : ""}`,
      );
  }
  return lines.join("\n");
}

export function createCommandHost(app: App): CommandHost {
  const { session, hooks, cwd } = app;
  const runs = recentHookRuns(app.events);
  return {
    compact: (instructions, signal) => session.compact("manual", instructions, signal),
    async clear() {
      await session.end("clear");
      session.reset();
      await session.start("clear");
    },
    contextUsage: () => session.contextUsage(),
    status: () => statusReport(app),
    hooksReport: () =>
      `${formatHookList(hooks.list(), hooks.disabledBy)}\n\nLast hook runs:\n${runs.length > 0 ? runs.join("\n") : "(no hook has run yet)"}`,
    permissionsReport: () => permissionsReport(app.gate),
    addRule: (kind, rule) => addRule(app, kind, rule),
    removeRule: (kind, rule) => removeRule(app, kind, rule),
    memoryReport: () => memoryReport(cwd),
    addDirectory: (path) => addDirectory(app, path),
    skillsReport: () =>
      app.skills.length === 0
        ? "No skills found (.agents/skills, .claude/skills)."
        : app.skills.map((skill) => `/${skill.name}  ${skill.description}`).join("\n"),
    mcpReport: () =>
      app.mcp ? formatMcpStatus(app.mcp.status(), app.mcp.listPrompts()) : "no MCP servers configured",
    agentsReport: () => agentsReport(app),
    tasksReport: () => tasksReport(app),
    stopTask: (id) => stopTask(app, id),
    pluginsReport: () => formatPluginList(app.plugins),
    async setModel(name) {
      const outcome = await app.switchModel(name, "command");
      if (!outcome.ok) return `Model not switched: ${outcome.reason}`;
      return `Model: ${session.model.model} (${session.model.provider})`;
    },
    modelReport: () => `Model: ${session.model.model} (${session.model.provider})`,
    initPrompt: async (focus) =>
      buildInitPrompt({ focus: focus || undefined, existing: await detectInitTarget(cwd) }),
    costReport: () => costReport(session.ledger),
    outputStylesReport: () => outputStylesReport(app),
    setOutputStyle: (name) => switchOutputStyle(app, name),
    budgetReport: () => budgetReport(app.spend),
    setBudget(kind, usd, model) {
      app.spend.setCap(kind, usd, model);
      const which =
        kind === "model" ? `today's cap for ${model}` : kind === "daily" ? "today's cap" : "the session cap";
      return `${which} is now $${usd.toFixed(2)} for this session.\n${budgetReport(app.spend)}`;
    },
    lastThinking: () => lastThinking(session.messages),
  };
}

/** The last hook runs, one line each, for `/hooks` (kept from the host's start). */
function recentHookRuns(events: App["events"]): string[] {
  const runs: string[] = [];
  events.subscribe((event) => {
    if (event.type !== "hook-run") return;
    const line = hookRunLine(event.event);
    if (!line) return;
    runs.push(line);
    if (runs.length > HOOK_RUNS_KEPT) runs.shift();
  });
  return runs;
}

function statusReport(app: App): Record<string, string> {
  const { session, hooks } = app;
  const usage = session.contextUsage();
  return {
    model: session.model.model,
    provider: session.model.provider,
    cwd: app.cwd,
    context: usage ? `${usage.percent}% of ${usage.window} tokens` : "unknown",
    "permission mode": app.gate.mode,
    sandbox: app.sandbox.summary,
    hooks: hooks.disabledBy ? `disabled (${hooks.disabledBy})` : String(hooks.list().length),
    "MCP servers": app.mcp ? String(app.mcp.status().length) : "0",
    "web search": app.webSearchStatus,
    session: app.sessionId,
  };
}

function permissionsReport(gate: App["gate"]): string {
  const rules = gate.rules();
  const lines = [`mode: ${gate.mode}`];
  for (const kind of ["allow", "deny", "ask"] as const) {
    lines.push(`${kind}:`);
    for (const entry of rules[kind]) lines.push(`  ${entry.rule}  (${entry.source})`);
    if (rules[kind].length === 0) lines.push("  (none)");
  }
  return lines.join("\n");
}

type RuleKind = Parameters<CommandHost["addRule"]>[0];

/** Adds a rule for this session and saves it to the local settings (folder trust follows). */
async function addRule(app: App, kind: RuleKind, rule: string): Promise<string> {
  const local = app.settings.localSettingsPath;
  app.gate.addRule(kind, rule, local);
  await persistRule(local, kind, rule);
  await app.refreshTrust?.();
  return `added ${kind} rule ${rule} (saved to .agents/settings.local.json)`;
}

/** Removes a rule for this session and from the local settings; names the files that bring it back. */
async function removeRule(app: App, kind: RuleKind, rule: string): Promise<string> {
  const local = app.settings.localSettingsPath;
  const sources = app.gate.removeRule(kind, rule);
  if (sources.length === 0) return `no ${kind} rule ${rule} is in effect`;
  const saved = await removePersistedRule(local, kind, rule);
  if (saved) await app.refreshTrust?.();
  const elsewhere = sources.filter(
    (source) => !source.endsWith("settings.local.json") && source !== "session",
  );
  const note = elsewhere.length
    ? `; it is also defined in ${elsewhere.join(", ")} and comes back next session unless removed there`
    : "";
  return `removed ${kind} rule ${rule} for this session${saved ? " and from .agents/settings.local.json" : ""}${note}`;
}

function memoryReport(cwd: string): string {
  const memoryFile = join(cwd, ".agents", "memory", "MEMORY.md");
  if (!existsSync(memoryFile)) return `no memory yet (${memoryFile}); the agent may create it`;
  return `${memoryFile}\n\n${readFileSync(memoryFile, "utf8")}`;
}
