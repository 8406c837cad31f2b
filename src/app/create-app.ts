// The composition root: run options + the process's environment and ports → one App. Parts are built
// in dependency order, each step from the ones before it: the start (trust, settings and environment,
// the event stream, the model, the sandboxing), the records (transcript, checkpoints), the oversight
// (permission mode, model slot, spend, hooks), the guard (gate, containment), the tools (skills, MCP,
// web, background commands), the agents, the conversation (system prompt, context, session), its
// watchers and status line, and the close. Production (cli/) and the tests (test/support/) both build
// their application here.
import { rm } from "node:fs/promises";
import { recordTranscript, spillDirFor } from "../transcript/index.js";
import { type AgentWiring, wireAgents } from "./agent-wiring.js";
import type { App } from "./app.js";
import type { AppPorts } from "./app-ports.js";
import { assembleApp } from "./assemble-app.js";
import { checkpointedTools, watchPrompts } from "./create-checkpoints.js";
import { type Conversation, createConversation } from "./create-conversation.js";
import { createGuard, type Guard } from "./create-guard.js";
import { createOversight, type Oversight } from "./create-oversight.js";
import { gatherTools, type RunTools } from "./gather-tools.js";
import { promptControls } from "./prompt-controls.js";
import type { RunOptions } from "./run-options.js";
import { startSessionWatchers } from "./session-watchers.js";
import { openRecords, type RunRecords, type RunStart, startRun } from "./start-run.js";
import { createStatusLine, type StatusLineFeed } from "./status-line.js";
import { type SessionTally, statusLinePayload, tallySession } from "./status-line-payload.js";

export async function createApp(options: RunOptions, ports: AppPorts): Promise<App> {
  const start = await startRun(options, ports);
  const records = openRecords(start);
  const oversight = createOversight(start, records);
  const guard = await createGuard(start, records, oversight);
  const tools = await gatherTools(start, records, oversight, guard);
  const agents = await addAgents({ start, records, oversight, guard, tools });
  const fromAgents = agents.sessionOptions;
  const conversation = createConversation({ start, records, oversight, guard, tools, fromAgents });
  const stopWatching = watchSession({ records, oversight, conversation });
  const controls = promptControls({ ...conversation, registry: tools.registry });
  if (options.jsonSchema) controls.applyJsonSchema(options.jsonSchema);
  start.stopCollecting();
  const status = statusLineFor(start, (tally) => statusLinePayload(app, tally));
  // Close: what watches first, then what still writes, then what holds files, processes and folders.
  const close = async () => {
    status?.close();
    stopWatching();
    await records.checkpoints?.close();
    await Promise.all([agents.close(), tools.background.close()]);
    records.transcript.release();
    await tools.mcp?.close();
    start.sandboxing.close();
    start.unregisterExit();
    await rm(spillDirFor(records.sessionId), { recursive: true, force: true });
  };
  const statusLine = status?.feed;
  const app = assembleApp({
    start,
    records,
    oversight,
    guard,
    tools,
    agents,
    conversation,
    controls,
    statusLine,
    close,
  });
  return app;
}

/** Subagents and the task list: their tools join the registry, then the MCP servers' tools do. */
async function addAgents(parts: {
  start: RunStart;
  records: RunRecords;
  oversight: Oversight;
  guard: Guard;
  tools: RunTools;
}): Promise<AgentWiring> {
  const { start, records, oversight, tools } = parts;
  const { sessionId, transcript } = records;
  const { registry } = tools;
  const spendCheck = (name: string) => oversight.spending.guard.exceeded(name);
  const agents = await wireAgents({
    basics: start.basics,
    options: start.options,
    interactive: start.interactive,
    sessionId,
    sessionsDir: transcript.sessionsDir,
    resumed: transcript.resumed,
    gate: parts.guard.gate,
    hooks: oversight.hooks,
    skills: tools.skills,
    agentFiles: tools.agentFiles,
    registry,
    parent: { sessionId, maxTurns: start.maxTurns, events: start.events, news: tools.news, spendCheck },
    model: oversight.slot,
    clients: start.clients,
    shell: tools.shell,
    fileAccess: start.ports.fileAccess,
    containment: parts.guard.containment,
    newAgentId: start.ports.newAgentId,
    commands: tools.background.shells,
  });
  registry.add(checkpointedTools(tools.mcp?.tools() ?? [], records.checkpoints));
  agents.checkToolNames(registry.names());
  return agents;
}

/** What follows the session while it lives: its transcript, the watchers hooks want, the checkpoints'
 *  prompts. Returns what stops them. */
function watchSession(parts: {
  records: RunRecords;
  oversight: Pick<Oversight, "hooks">;
  conversation: Pick<Conversation, "session">;
}): () => void {
  const { session } = parts.conversation;
  const { store } = parts.records.transcript;
  const { checkpoints } = parts.records;
  if (store) recordTranscript(session, store);
  const stopWatchers = startSessionWatchers(session, parts.oversight.hooks);
  const stopPrompts = checkpoints ? watchPrompts(session, checkpoints) : () => {};
  return () => {
    stopWatchers();
    stopPrompts();
  };
}

/** The REPL's status line from the user's command (a folder's only once trusted: withheld otherwise),
 *  fed by a tally of the session's time and changed lines; undefined when none is configured. */
function statusLineFor(
  start: RunStart,
  payload: (tally: SessionTally) => Record<string, unknown>,
): { feed: StatusLineFeed; close(): void } | undefined {
  const { basics, sandboxing } = start;
  const configured = start.interactive ? basics.settings.merged.statusLine : undefined;
  if (!configured) return undefined;
  const tally = { startedAt: Date.now(), apiMs: 0, linesAdded: 0, linesRemoved: 0 };
  const stopTally = tallySession(start.events, tally);
  const feed = createStatusLine({
    command: configured.command,
    padding: configured.padding,
    cwd: basics.cwd,
    env: basics.env.all,
    launcher: sandboxing.hookProcesses.launcher,
    containment: sandboxing.containmentFor(
      configured.scope === "user" || configured.scope === "flag" ? "user" : "folder",
    ),
    payload: () => payload(tally),
    notice: start.warn,
  });
  return {
    feed,
    close() {
      feed.close();
      stopTally();
    },
  };
}
