// reagent as an ACP agent: the method handlers over the open sessions (acp-sessions.ts), each its own
// App for the folder the editor names. The official library parses every request against the schema
// and answers unknown methods and malformed messages with JSON-RPC errors.
import { type AgentApp, agent, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import type { AppPorts, RunOptions } from "../../app/index.js";
import type { FileAccess } from "../../tools/index.js";
import { newSessionId } from "../../util/index.js";
import { createAcpSessions } from "./acp-sessions.js";
import { AUTH_METHODS, authenticate } from "./auth-methods.js";
import { listSavedSessions } from "./session-list.js";

export type AcpEnvironment = {
  options: RunOptions;
  /** The App's ports for a session in `cwd`, reading and writing files through `fileAccess`. */
  portsFor(cwd: string, fileAccess: FileAccess | undefined): AppPorts;
  /** Where saved sessions live (`~/.agents/sessions`). */
  sessionsRoot: string;
  /** A model provider is configured in the environment (an API key, Bedrock). */
  credentials: boolean;
  node: string;
  version: string;
  log(line: string): void;
};

export function createAcpAgent(environment: AcpEnvironment): {
  app: AgentApp;
  closeAll(): Promise<void>;
} {
  const sessions = createAcpSessions(environment);
  const app = agent({ name: "reagent" })
    .onConnect((connection) => sessions.connected(connection.client))
    .onRequest("initialize", ({ params }) => {
      sessions.setCapabilities(params.clientCapabilities ?? {});
      return initializeAnswer(environment.version);
    })
    .onRequest("authenticate", ({ params }) => authenticate(params.methodId, environment.credentials))
    .onRequest("session/new", async ({ params }) => {
      const session = await sessions.open(params.cwd, params.mcpServers, newSessionId(), false);
      setTimeout(() => session.sendCommands(), 0);
      return { sessionId: session.id, modes: session.modes(), configOptions: session.configOptions() };
    })
    .onRequest("session/load", async ({ params }) => {
      const existing = sessions.find(params.sessionId);
      if (existing) await existing.close().then(() => sessions.forget(params.sessionId));
      const session = await sessions.open(params.cwd, params.mcpServers, params.sessionId, true);
      await session.replay();
      setTimeout(() => session.sendCommands(), 0);
      return { modes: session.modes(), configOptions: session.configOptions() };
    })
    .onRequest("session/list", ({ params }) =>
      listSavedSessions(environment.sessionsRoot, params.cwd ?? undefined, params.cursor ?? undefined),
    )
    .onRequest("session/close", async ({ params }) => {
      const session = sessions.get(params.sessionId);
      sessions.forget(params.sessionId);
      await session.close();
      return {};
    })
    .onRequest("session/prompt", async ({ params }) => ({
      stopReason: await sessions.get(params.sessionId).prompt(params.prompt),
    }))
    .onRequest("session/set_mode", ({ params }) => {
      sessions.get(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onRequest("session/set_config_option", async ({ params }) => ({
      configOptions: await sessions.get(params.sessionId).setConfigOption(params.configId, params.value),
    }))
    .onNotification("session/cancel", ({ params }) => {
      const session = sessions.find(params.sessionId);
      if (session) session.cancel();
      else environment.log(`reagent: session/cancel for unknown session ${params.sessionId}`);
    });

  return { app, closeAll: () => sessions.closeAll() };
}

/** The answer to `initialize`: what this agent can do and how the editor may authenticate. */
function initializeAnswer(version: string) {
  return {
    // The one version this agent speaks; a client asking for another decides whether to go on.
    protocolVersion: PROTOCOL_VERSION,
    agentCapabilities: {
      loadSession: true,
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
      mcpCapabilities: { http: true, sse: true },
      sessionCapabilities: { list: {}, close: {} },
    },
    authMethods: AUTH_METHODS,
    agentInfo: { name: "reagent", title: "reagent", version },
  };
}
