// The ACP agent's open sessions: each an AcpSession over its own App, built by createApp for the folder
// the editor names (with the editor's MCP servers, and its buffers as the file tools' text when it
// offers them), new or loaded from a saved transcript; found by id, closed one at a time or all at once.
import { statSync } from "node:fs";
import { isAbsolute } from "node:path";
import {
  type AgentContext,
  type ClientCapabilities,
  type McpServer,
  RequestError,
} from "@agentclientprotocol/sdk";
import { createApp, type RunOptions } from "../../app/index.js";
import type { McpServerSpec } from "../../contracts/index.js";
import { errorMessage, UsageError } from "../../util/index.js";
import type { AcpEnvironment } from "./acp-agent.js";
import { AcpSession } from "./acp-session.js";
import { AUTH_METHODS } from "./auth-methods.js";
import { clientFileAccess } from "./client-files.js";

export type AcpSessions = ReturnType<typeof createAcpSessions>;

export function createAcpSessions(environment: AcpEnvironment) {
  const { options, log } = environment;
  const sessions = new Map<string, AcpSession>();
  let capabilities: ClientCapabilities = {};
  let client: AgentContext | undefined;
  const bypassAllowed = options.allowBypassPermissions || options.permissionMode === "bypassPermissions";

  return {
    /** The editor's side of the connection, known once it is up. */
    connected(connection: AgentContext): void {
      client = connection;
    },
    /** What the editor said it can do in `initialize`. */
    setCapabilities(next: ClientCapabilities): void {
      capabilities = next;
    },
    find: (sessionId: string): AcpSession | undefined => sessions.get(sessionId),
    /** The open session with that id, or the protocol's session-not-found error. */
    get(sessionId: string): AcpSession {
      const found = sessions.get(sessionId);
      if (!found) throw RequestError.sessionNotFound(sessionId);
      return found;
    },
    forget: (sessionId: string): boolean => sessions.delete(sessionId),
    async open(
      cwd: string,
      servers: readonly McpServer[],
      sessionId: string,
      resume: boolean,
    ): Promise<AcpSession> {
      checkFolder(cwd);
      if (!client) throw RequestError.internalError({}, "the connection is not ready");
      const files = clientFileAccess(client, sessionId, capabilities.fs);
      const run = sessionRunOptions(options, servers, sessionId, resume);
      const app = await createApp(run, environment.portsFor(cwd, files)).catch((error: unknown) => {
        throw startFailure(error, sessionId);
      });
      const session = new AcpSession(app, {
        client,
        capabilities,
        bypassAllowed,
        node: environment.node,
        log,
      });
      sessions.set(session.id, session);
      await session.start();
      return session;
    },
    async closeAll(): Promise<void> {
      await Promise.all([...sessions.values()].map((session) => session.close()));
      sessions.clear();
    },
  };
}

/** reagent's run options for one editor session: new with that id or resumed from it, with the
 *  editor's MCP servers, and permission questions going to the editor (session/request_permission). */
function sessionRunOptions(
  options: RunOptions,
  servers: readonly McpServer[],
  sessionId: string,
  resume: boolean,
): RunOptions {
  return {
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
    permissionPromptTool: "acp",
  };
}

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
