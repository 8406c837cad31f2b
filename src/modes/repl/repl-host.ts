// Implements the REPL's ReplHost over a App: the REPL sees only these callbacks, never the
// gate, hooks engine, MCP manager or settings files directly. /resume swaps the App underneath
// (a new one built as `--resume <id>` builds it, the old one ended and closed).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { App } from "../../app/index.js";
import { outputStyleChoices, switchOutputStyle } from "../../app/index.js";
import { budgetStatus } from "../../budget/index.js";
import { PERMISSION_MODES } from "../../contracts/index.js";
import type { McpManager } from "../../mcp/index.js";
import type { PermissionMode } from "../../permissions/index.js";
import { costSoFar } from "../../session/index.js";
import { listProjectFiles } from "../../tools/index.js";
import { findSession, projectKey, projectSessionsDir, sessionLockHolder } from "../../transcript/index.js";
import type { ReplHost, ReplPrompter } from "../../ui/repl/index.js";
import { errorMessage, isOneOf } from "../../util/index.js";
import { appModelChoices } from "./model-choices.js";
import { replRewind } from "./repl-rewind.js";
import { sessionChoices } from "./session-choices.js";

/** Files larger than this are not diffed in the permission dialog (the change itself is shown). */
const READ_TEXT_LIMIT = 2_000_000;

/** Builds the App of another saved session (`--resume <id>` with the current model and mode). */
export type Reopen = (
  sessionId: string,
  carry: { model: string; permissionMode: PermissionMode },
) => Promise<App>;

/** The host the REPL keeps for its whole life: it forwards to the host of the current runtime, which
 *  /resume replaces; the prompter and whether start-up ran carry over. */
export function createReplHost(first: App, reopen: Reopen): ReplHost {
  let runtime = first;
  let inner = hostFor(runtime);
  let prompter: ReplPrompter | undefined;
  let started = false;
  const sessionsDir = () => projectSessionsDir(join(runtime.env.homeDir, ".agents", "sessions"), runtime.cwd);
  const own: Partial<ReplHost> = {
    async start() {
      started = true;
      await inner.start();
    },
    installPrompter(next) {
      prompter = next;
      runtime.setPrompter(next);
    },
    listSessions: () => sessionChoices(sessionsDir(), runtime.sessionId, process.pid),
    async resume(id) {
      const found = findSession(sessionsDir(), id);
      if (found.type === "none") throw new Error(`no saved session ${id} in this project`);
      if (found.type === "ambiguous")
        throw new Error(`${found.matches.length} sessions start with ${id}; give more of the id`);
      const target = found.session.id;
      if (target === runtime.sessionId) throw new Error("that is the session you are in");
      const holder = sessionLockHolder(sessionsDir(), target, process.pid);
      if (holder !== undefined)
        throw new Error(`session ${target} is in use by process ${holder}; wait for it to finish`);
      const next = await reopen(target, {
        model: runtime.session.model.model,
        permissionMode: runtime.gate.mode,
      }).catch((error: unknown) => {
        throw new Error(errorMessage(error).replace(/^--resume \S+: /, ""));
      });
      if (started) await runtime.session.end("resume");
      await runtime.close();
      runtime = next;
      inner = hostFor(next);
      started = false;
      if (prompter) next.setPrompter(prompter);
      return `resumed session ${target}`;
    },
  };
  const host = {} as ReplHost;
  for (const key of Object.keys(inner) as Array<keyof ReplHost>)
    Object.defineProperty(host, key, { enumerable: true, get: () => own[key] ?? inner[key] });
  return host;
}

function hostFor(runtime: App): ReplHost {
  const { session, gate, hooks, mcp, env, cwd } = runtime;
  return {
    session,
    get model() {
      return { provider: session.model.provider, model: session.model.model };
    },
    cwd,
    sessionId: runtime.sessionId,
    // Same readable per-project key as the session transcripts.
    historyFile: join(env.homeDir, ".agents", "history", `${projectKey(cwd)}.jsonl`),
    noColor: env.all.NO_COLOR !== undefined && env.all.NO_COLOR !== "",
    editorCommand: env.all.VISUAL?.trim() || env.all.EDITOR?.trim() || "vi",
    start: () => startSession(runtime),
    permissionMode: () => gate.mode,
    setPermissionMode(mode) {
      if (!isOneOf(PERMISSION_MODES, mode))
        throw new Error(`unknown permission mode "${mode}"; use one of ${PERMISSION_MODES.join(", ")}`);
      gate.setMode(mode);
      return `permission mode: ${mode}`;
    },
    contextUsage: () => session.contextUsage() ?? noContextUsage(),
    commandList: () => commandList(runtime),
    runCommand: (line, signal) => runtime.slashCommands("interactive").resolve(line, signal),
    costSoFar: () => costSoFar(session.ledger),
    budgetSoFar: () => budgetStatus(runtime.spend, session.model.model),
    statusLine: runtime.statusLine,
    attachResources: mcp ? resourceAttacher(mcp) : undefined,
    async setModel(name, source = "command") {
      const outcome = await runtime.switchModel(name, source);
      if (!outcome.ok) throw new Error(`model not switched: ${outcome.reason}`);
      return `model: ${session.model.model} (${session.model.provider})`;
    },
    modelChoices: () => appModelChoices(runtime),
    outputStyleChoices: () => outputStyleChoices(runtime.outputStyles),
    setOutputStyle: (name) => switchOutputStyle(runtime, name),
    listSessions: async () => [],
    resume: async () => {
      throw new Error("resuming is not available here");
    },
    projectFiles: () => listProjectFiles(cwd, { hidden: (path) => gate.readDeniedBy(path) !== undefined }),
    toolSummary: (name, input) => runtime.toolSummary(name, input),
    toolResultData: (toolUseId) => runtime.resumedToolResults[toolUseId],
    readText: readSmallText,
    rewind: replRewind(runtime),
    installPrompter: (prompter) => runtime.setPrompter(prompter),
    notification(message, type) {
      void hooks.notification(message, type);
    },
    async close() {
      await session.end("prompt_input_exit");
      await runtime.close();
    },
  };
}

/** The REPL's start: start-up warnings shown, the session started, and a resumed task list shown. */
async function startSession(runtime: App): Promise<void> {
  const { session } = runtime;
  for (const message of runtime.startupWarnings) session.emit({ type: "warning", message });
  await session.start(runtime.startSource);
  await session.prepareSystemPrompt();
  // A resumed session's task list is shown from the start.
  const tasks = runtime.agents.tasks.all();
  if (tasks.length > 0)
    session.emit({
      type: "task-list",
      tasks: tasks.map(({ id, subject, status, activeForm, owner }) => ({
        id,
        subject,
        status,
        activeForm,
        owner,
      })),
    });
}

/** Before the first request the context is empty as far as the status line knows. */
function noContextUsage() {
  return {
    percent: 0,
    usedTokens: 0,
    window: 0,
    breakdown: { systemPrompt: 0, toolSchemas: 0, messages: 0, free: 0 },
  };
}

/** The slash commands the REPL offers, as its menu shows them. */
export function commandList(runtime: App) {
  return runtime
    .slashCommands("interactive")
    .list()
    .map((command) => ({
      name: command.name,
      ...(command.argumentHint ? { args: command.argumentHint } : {}),
      description: command.source ? `${command.description} (${command.source})` : command.description,
      kind: command.kind,
    }));
}

/** `@server:uri` mentions in a prompt, read from the MCP servers (nothing to do without one). */
function resourceAttacher(mcp: McpManager): NonNullable<ReplHost["attachResources"]> {
  return async (prompt) => {
    if (!/@[\w.-]+:\S/.test(prompt)) return { blocks: [], problems: [] };
    const attached = await mcp.attachResources(prompt);
    return { blocks: attached.text ? [attached.text] : [], problems: attached.errors };
  };
}

/** A file's text for the permission dialog's diff; undefined when it is unreadable or too large. */
function readSmallText(path: string): string | undefined {
  try {
    if (statSync(path).size > READ_TEXT_LIMIT) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
