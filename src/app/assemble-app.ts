// The last step of createApp: the parts built before, as the one App the front-ends drive. What is
// composed of several parts lives here too: switching the model through its hooks, the slash
// commands (their host built once, at the first call), and a close that runs once.
import type { CommandHost } from "../commands/index.js";
import type { HookEngine } from "../hooks/index.js";
import { modelPrice } from "../providers/index.js";
import { type Session, switchModel } from "../session/index.js";
import type { AgentWiring } from "./agent-wiring.js";
import type { App } from "./app.js";
import { appCommands } from "./app-commands.js";
import { createCommandHost } from "./command-host.js";
import type { Conversation } from "./create-conversation.js";
import type { Guard } from "./create-guard.js";
import type { Oversight } from "./create-oversight.js";
import type { RunTools } from "./gather-tools.js";
import type { promptControls } from "./prompt-controls.js";
import type { RunRecords, RunStart } from "./start-run.js";
import type { StatusLineFeed } from "./status-line.js";

export function assembleApp(parts: {
  start: RunStart;
  records: RunRecords;
  oversight: Oversight;
  guard: Guard;
  tools: RunTools;
  agents: AgentWiring;
  conversation: Conversation;
  controls: ReturnType<typeof promptControls>;
  statusLine: StatusLineFeed | undefined;
  /** Stops and releases everything the parts hold (run once, however often close is called). */
  close: () => Promise<void>;
}): App {
  const { start, records, oversight, guard, tools, agents, statusLine } = parts;
  const { session, prompt } = parts.conversation;
  const { hooks } = oversight;
  const { transcript, refreshTrust } = records;
  let closed: Promise<void> | undefined;
  let commandHost: CommandHost | undefined;
  const app: App = {
    ...start.basics,
    session,
    events: start.events,
    spend: oversight.spending.guard,
    model: start.model,
    modelClients: start.clients,
    sessionId: records.sessionId,
    transcriptPath: transcript.store?.path ?? null,
    interactive: start.interactive,
    startSource: transcript.resumed ? "resume" : "startup",
    resumedToolResults: transcript.toolResults,
    webSearchStatus: tools.webTools.webSearchStatus,
    sandbox: start.sandboxing.report,
    checkpoints: records.checkpoints,
    hooks,
    gate: guard.gate,
    setPrompter: (next) => guard.prompter.install(next),
    skills: tools.skills,
    commands: tools.custom.commands,
    agentFiles: tools.agentFiles,
    trust: start.decided.trust,
    ...(refreshTrust ? { refreshTrust } : {}),
    prompt,
    outputStyles: tools.outputStyles,
    ...(statusLine ? { statusLine } : {}),
    mcp: tools.mcp,
    startupWarnings: [
      ...tools.skillWarnings,
      ...tools.custom.warnings,
      ...agents.warnings,
      ...start.startupWarnings,
    ],
    effort: start.effort,
    agents,
    backgroundCommands: tools.background.shells,
    switchModel: modelSwitch(start, session, hooks),
    ...parts.controls,
    slashCommands: (mode) => {
      commandHost ??= createCommandHost(app);
      return appCommands(app, commandHost, mode);
    },
    close: () => {
      closed ??= parts.close();
      return closed;
    },
  };
  return app;
}

/** Switches the session's model through the PreModelSwitch / PostModelSwitch hooks, naming where
 *  the new model's price comes from. */
function modelSwitch(start: RunStart, session: Session, hooks: HookEngine): App["switchModel"] {
  const pricing = start.basics.settings.merged.modelPricing ?? {};
  return (requested, source) =>
    switchModel(
      {
        session,
        hooks,
        clientFor: (name) => start.clients.forSwitch(name, session.model),
        priceOf: (name) => {
          const price = modelPrice(name, pricing);
          return { price, pricing: !price ? "default" : pricing[name] ? "configured" : "catalog" };
        },
      },
      requested,
      source,
      start.model,
    );
}
