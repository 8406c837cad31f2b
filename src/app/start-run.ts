// The first steps of building an application, before anything of the session exists: the folder-trust
// decision, the basics (environment, settings, plugins), the event stream that collects what start-up
// says, the model (opened while the OS sandbox is probed) and the containment built from both; then
// the records the session writes: its transcript, its checkpoints and the trust record it refreshes.

import type { Checkpoints } from "../checkpoints/index.js";
import type { ModelClient } from "../model/index.js";
import type { Effort, ModelClients } from "../providers/index.js";
import { probeSandbox } from "../sandbox/index.js";
import { SessionEvents } from "../session/index.js";
import { errorMessage, UsageError } from "../util/index.js";
import type { Basics } from "./app.js";
import type { AppPorts } from "./app-ports.js";
import { createCheckpoints } from "./create-checkpoints.js";
import { createModel } from "./create-model.js";
import { createSandboxing, type Sandboxing } from "./create-sandboxing.js";
import { decideTrust, retrust, type TrustOutcome } from "./folder-trust.js";
import { loadBasics } from "./load-basics.js";
import { type OpenTranscript, openTranscript } from "./open-transcript.js";
import { DEFAULT_MAX_TURNS, type RunOptions } from "./run-options.js";

/** What every later step of createApp reads. */
export type RunStart = {
  options: RunOptions;
  ports: AppPorts;
  /** An interactive start (the front-end asked the trust question and puts dialogs). */
  interactive: boolean;
  decided: TrustOutcome;
  basics: Basics;
  events: SessionEvents;
  /** Said once at start-up (the front-end shows them); later steps add theirs. */
  startupWarnings: string[];
  /** Ends collecting the event stream's warnings and hook notices into startupWarnings. */
  stopCollecting: () => void;
  /** A problem that does not stop the run, as a warning event. */
  warn: (message: string) => void;
  effort: Effort | undefined;
  maxTurns: number;
  model: ModelClient;
  clients: ModelClients;
  sandboxing: Sandboxing;
  /** Takes back the sandboxing's exit cleanup (close runs it itself). */
  unregisterExit: () => void;
};

export async function startRun(options: RunOptions, ports: AppPorts): Promise<RunStart> {
  const interactive = ports.askTrust !== undefined;
  // Before anything of the folder's configuration runs: is it trusted? (An interactive start asks.)
  const decided = await decideTrust(options, ports);
  if (!decided) throw new UsageError("not started: you chose not to trust this folder's configuration");
  const { trust } = decided;
  const basics = loadBasics(options, ports, trust.apply, decided.settings);
  const { env, settings } = basics;
  // Whether an OS sandbox can start here is found out once, while the model is set up.
  const probing = probeSandbox({ platform: ports.platform, searchPath: env.all.PATH ?? "" });
  const startupWarnings: string[] = [
    ...env.warnings,
    ...settings.warnings,
    ...basics.plugins.problems,
    ...basics.plugins.notices,
    ...notActedOn(options),
    ...trust.warnings,
  ];
  // What is said while the application is built is said once at start-up (front-ends subscribe later).
  const events = new SessionEvents();
  const stopCollecting = events.subscribe((event) => {
    if (event.type === "warning") startupWarnings.push(event.message);
    else if (event.type === "hook-notice") startupWarnings.push(event.notice.text);
  });
  const effort = options.effort ?? settings.merged.effort;
  const [availability, made] = await Promise.all([
    probing,
    createModel({ options, basics, effort, events, given: ports.model }),
  ]);
  const warn = (message: string) => events.emit({ type: "warning", message });
  const sandboxing = createSandboxing({ basics, options, availability, warn });
  const unregisterExit = ports.atExit(() => sandboxing.close());
  return {
    options,
    ports,
    interactive,
    decided,
    basics,
    events,
    startupWarnings,
    stopCollecting,
    warn,
    effort,
    maxTurns: options.maxTurns ?? settings.merged.maxTurns ?? DEFAULT_MAX_TURNS,
    model: made.model,
    clients: ports.modelClients ?? made.clients,
    sandboxing,
    unregisterExit,
  };
}

/** What the session writes besides its answers: the transcript, the checkpoints, the trust record. */
export type RunRecords = {
  transcript: OpenTranscript;
  sessionId: string;
  checkpoints: Checkpoints | undefined;
  /** Records the folder's configuration as trusted again (only for a user who trusts it). */
  refreshTrust: (() => Promise<void>) | undefined;
};

export function openRecords(start: RunStart): RunRecords {
  const { options, ports, basics, events, interactive, startupWarnings } = start;
  const { env } = basics;
  const transcript = openTranscript({
    options,
    cwd: basics.cwd,
    homeDir: env.homeDir,
    claudeProjectsDir: env.claudeProjectsDir,
    interactive,
    model: start.model,
    ports,
    onWarning: (message) => events.emit({ type: "warning", message }),
  });
  const { sessionId } = transcript;
  startupWarnings.push(...transcript.warnings);
  const checkpoints = createCheckpoints({
    basics,
    options,
    sessionDir: transcript.contextDir,
    warn: start.warn,
  });
  if (transcript.resumed && interactive)
    startupWarnings.push(`resumed session ${sessionId} (${transcript.history?.length ?? 0} messages)`);
  // A user who trusts the folder trusts the rules reagent saves there for them.
  const refreshTrust = start.decided.trust.consented
    ? () =>
        retrust(options, ports).catch((error: unknown) =>
          events.emit({
            type: "warning",
            message: `could not update the folder's trust record: ${errorMessage(error)}`,
          }),
        )
    : undefined;
  return { transcript, sessionId, checkpoints, refreshTrust };
}

/** Flags accepted for compatibility whose effect reagent does not provide (yet); said once at start. */
function notActedOn(options: RunOptions): string[] {
  const flags = options.ignoredFlags;
  if (flags.length === 0) return [];
  return [`accepted but not acted on by this version of reagent: ${flags.join(", ")}`];
}
