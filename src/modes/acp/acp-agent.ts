// reagent as an ACP agent: the method handlers over a map of sessions, each its own App built by
// createApp for the folder the editor names (with the editor's MCP servers, and its buffers as the
// file tools' text when it offers them). The official library parses every request against the
// schema and answers unknown methods and malformed messages with JSON-RPC errors.
import { statSync } from "node:fs";
import { isAbsolute } from "node:path";
import {
  type AgentApp,
  type AgentContext,
  agent,
  type ClientCapabilities,
  type McpServer,
  PROTOCOL_VERSION,
  RequestError,
} from "@agentclientprotocol/sdk";
import { type AppPorts, createApp, type RunOptions } from "../../app/index.js";
import type { McpServerSpec } from "../../contracts/index.js";
import type { FileAccess } from "../../tools/index.js";
import { errorMessage, newSessionId, UsageError } from "../../util/index.js";
import { AcpSession } from "./acp-session.js";
import { AUTH_METHODS, authenticate } from "./auth-methods.js";
import { clientFileAccess } from "./client-files.js";
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

function mcpSpec(server: McpServer): [string, McpServerSpec] {
  const pairs = (list: ReadonlyArray<{ name: string; value: string }>) =>
    Object.fromEntries(list.map(({ name, value }) => [name, value]));
  if ("type" in server && (server.type === "http" || server.type === "sse"))
    return [server.name, { type: server.type, url: server.url, headers: pairs(server.headers) }];
  const stdio = server as Extract<McpServer, { command: string }>;
  return [stdio.name, { type: "stdio", command: stdio.command, args: stdio.args, env: pairs(stdio.env) }];
}

function checkFolder(cwd: string): void {
  if (!isAbsolute(cwd))
    throw RequestError.invalidParams({ cwd }, `cwd must be an absolute path, got "${cwd}"`);
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory())
    throw RequestError.invalidParams({ cwd }, `cwd ${cwd} is not a folder`);
}

/** createApp's failures as the editor should see them (no provider: authentication required). */
function startFailure(error: unknown, sessionId: string): RequestError {
  const message = errorMessage(error);
  if (/^no model provider configured/.test(message))
    return RequestError.authRequired({ methods: AUTH_METHODS.map((m) => m.id) }, message);
  if (/^--resume /.test(message) && /no (saved )?session|not found/i.test(message))
    return RequestError.sessionNotFound(sessionId);
  if (error instanceof UsageError) return RequestError.invalidParams({}, message);
  return RequestError.internalError({}, message);
}

export function createAcpAgent(environment: AcpEnvironment): {
  app: AgentApp;
  closeAll(): Promise<void>;
} {
  const { options, log } = environment;
  const sessions = new Map<string, AcpSession>();
  let capabilities: ClientCapabilities = {};
  let client: AgentContext | undefined;
  const bypassAllowed = options.allowBypassPermissions || options.permissionMode === "bypassPermissions";

  const sessionFor = (sessionId: string) => {
    const found = sessions.get(sessionId);
    if (!found) throw RequestError.sessionNotFound(sessionId);
    return found;
  };

  async function open(
    cwd: string,
    servers: readonly McpServer[],
    sessionId: string,
    resume: boolean,
  ): Promise<AcpSession> {
    checkFolder(cwd);
    if (!client) throw RequestError.internalError({}, "the connection is not ready");
    const run: RunOptions = {
      ...options,
      sessionId: resume ? undefined : sessionId,
      resume: resume ? sessionId : undefined,
      continue: false,
      ...(servers.length > 0
        ? {
            mcpServers: {
              servers: Object.fromEntries(servers.map(mcpSpec)),
              source: "the editor (session/new)",
            },
          }
        : {}),
      // Permission questions go to the editor (session/request_permission).
      permissionPromptTool: "acp",
    };
    const files = clientFileAccess(client, sessionId, capabilities.fs);
    const app = await createApp(run, environment.portsFor(cwd, files)).catch((error: unknown) => {
      throw startFailure(error, sessionId);
    });
    const session = new AcpSession(app, { client, capabilities, bypassAllowed, node: environment.node, log });
    sessions.set(session.id, session);
    await session.start();
    return session;
  }

  const app = agent({ name: "reagent" })
    .onConnect((connection) => {
      client = connection.client;
    })
    .onRequest("initialize", ({ params }) => {
      capabilities = params.clientCapabilities ?? {};
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
        agentInfo: { name: "reagent", title: "reagent", version: environment.version },
      };
    })
    .onRequest("authenticate", ({ params }) => authenticate(params.methodId, environment.credentials))
    .onRequest("session/new", async ({ params }) => {
      const session = await open(params.cwd, params.mcpServers, newSessionId(), false);
      setTimeout(() => session.sendCommands(), 0);
      return { sessionId: session.id, modes: session.modes(), configOptions: session.configOptions() };
    })
    .onRequest("session/load", async ({ params }) => {
      const existing = sessions.get(params.sessionId);
      if (existing) await existing.close().then(() => sessions.delete(params.sessionId));
      const session = await open(params.cwd, params.mcpServers, params.sessionId, true);
      await session.replay();
      setTimeout(() => session.sendCommands(), 0);
      return { modes: session.modes(), configOptions: session.configOptions() };
    })
    .onRequest("session/list", ({ params }) =>
      listSavedSessions(environment.sessionsRoot, params.cwd ?? undefined, params.cursor ?? undefined),
    )
    .onRequest("session/close", async ({ params }) => {
      const session = sessionFor(params.sessionId);
      sessions.delete(params.sessionId);
      await session.close();
      return {};
    })
    .onRequest("session/prompt", async ({ params }) => ({
      stopReason: await sessionFor(params.sessionId).prompt(params.prompt),
    }))
    .onRequest("session/set_mode", ({ params }) => {
      sessionFor(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onRequest("session/set_config_option", async ({ params }) => ({
      configOptions: await sessionFor(params.sessionId).setConfigOption(params.configId, params.value),
    }))
    .onNotification("session/cancel", ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (session) session.cancel();
      else log(`reagent: session/cancel for unknown session ${params.sessionId}`);
    });

  return {
    app,
    async closeAll() {
      await Promise.all([...sessions.values()].map((session) => session.close()));
      sessions.clear();
    },
  };
}
