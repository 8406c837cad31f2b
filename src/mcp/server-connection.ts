// One MCP server's connection: spawns or dials it (create-transport.ts), runs the initialize handshake
// and the catalog listing under a time limit, tracks its state (connected, failed, disconnected after a
// crash), reconnects once on the next use after a disconnect, writes its stderr to a log file and ends
// its child process on close. The manager owns the set of connections; tools and results live elsewhere.
import {
  Client,
  type Implementation,
  type Prompt,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/client";
import type { Tracer } from "../util/index.js";
import { errorMessage } from "../util/index.js";
import { type CreatedTransport, createTransport, type TransportOptions } from "./create-transport.js";
import { describeMcpError, isConnectionLoss } from "./mcp-errors.js";
import { ServerLog } from "./server-log.js";
import type { McpServerSpec, McpServerStatus } from "./types.js";

type ServerCatalog = {
  tools: Tool[];
  resources: Resource[];
  prompts: Prompt[];
  /** Whether the server advertised the resources capability (listing is skipped otherwise). */
  offersResources: boolean;
};

type ConnectionOptions = {
  clientInfo: Implementation;
  connectTimeoutMs: number;
  cwd: string;
  baseEnv?: Record<string, string | undefined>;
  logDir?: string;
  tracer: Tracer;
  /** The transport to an `sdk` server (inside the program driving reagent). */
  sdkTransport?: TransportOptions["sdkTransport"];
  processes?: TransportOptions["processes"];
  /** Told about every stdio child pid (spawned: true) and its end (false), for exit-time cleanup. */
  onChildProcess?: (pid: number, alive: boolean) => void;
};

type State =
  | { kind: "pending" }
  | { kind: "connecting"; done: Promise<void> }
  | { kind: "connected"; client: Client; created: CreatedTransport; catalog: ServerCatalog }
  | { kind: "failed"; reason: string }
  | { kind: "disconnected"; reason: string; retried: boolean }
  | { kind: "closed" };

type UseResult<T> = { ok: true; value: T } | { ok: false; unavailable: true; reason: string };

export class ServerConnection {
  private state: State = { kind: "pending" };
  private readonly log: ServerLog;
  /** Rejects the connect attempt in flight (used by close()). */
  private cancelAttempt?: (error: Error) => void;

  constructor(
    readonly name: string,
    readonly spec: McpServerSpec,
    private readonly options: ConnectionOptions,
  ) {
    this.log = new ServerLog(name, options.logDir);
  }

  get catalog(): ServerCatalog | undefined {
    return this.state.kind === "connected" ? this.state.catalog : undefined;
  }

  /** Connects (once at a time). Resolves when connected or failed; never rejects. */
  connect(): Promise<void> {
    if (this.state.kind === "connecting") return this.state.done;
    if (this.state.kind === "connected" || this.state.kind === "closed") return Promise.resolve();
    const done = Promise.resolve().then(() => this.attempt());
    this.state = { kind: "connecting", done };
    return done;
  }

  failureReason(): string | undefined {
    return this.state.kind === "failed" || this.state.kind === "disconnected" ? this.state.reason : undefined;
  }

  status(): McpServerStatus["state"] {
    const state = this.state;
    switch (state.kind) {
      case "connected":
        return {
          kind: "connected",
          tools: state.catalog.tools.length,
          resources: state.catalog.resources.length,
          prompts: state.catalog.prompts.length,
        };
      case "failed":
      case "disconnected":
        return { kind: state.kind, reason: state.reason };
      case "closed":
        return { kind: "closed" };
      default:
        return { kind: "pending" };
    }
  }

  /** Runs `operation` on the live client. After a crash, the next use reconnects once; a connection
   *  loss during the operation marks the server disconnected and reports it unavailable. */
  async use<T>(operation: (client: Client) => Promise<T>): Promise<UseResult<T>> {
    if (this.state.kind === "connecting") await this.state.done;
    if (this.state.kind === "disconnected" && !this.state.retried) {
      this.options.tracer.trace("mcp-reconnect", { server: this.name });
      await this.connect();
      const after = this.state as State;
      if (after.kind === "failed") {
        this.state = { kind: "disconnected", reason: `reconnect failed: ${after.reason}`, retried: true };
      }
    }
    const state = this.state;
    if (state.kind !== "connected") {
      const reason = this.failureReason() ?? (state.kind === "closed" ? "closed" : "not connected");
      return { ok: false, unavailable: true, reason };
    }
    try {
      return { ok: true, value: await operation(state.client) };
    } catch (error) {
      if (isConnectionLoss(error)) {
        if (this.state === state) this.markDisconnected(`connection lost (${describeMcpError(error)})`);
        return { ok: false, unavailable: true, reason: this.failureReason() ?? describeMcpError(error) };
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    const state = this.state;
    this.state = { kind: "closed" };
    // A connect in flight sees "closed" when it finishes and shuts its own client down.
    if (state.kind === "connecting") {
      this.cancelAttempt?.(new Error("closed while connecting"));
      await state.done;
    }
    if (state.kind === "connected") await this.shutdown(state.client, state.created);
    this.log.close();
  }

  private async attempt(): Promise<void> {
    const started = Date.now();
    let created: CreatedTransport;
    try {
      created = createTransport(this.spec, {
        cwd: this.options.cwd,
        baseEnv: this.options.baseEnv,
        processes: this.options.processes,
        sdkTransport: this.options.sdkTransport,
      });
    } catch (error) {
      this.state = { kind: "failed", reason: errorMessage(error) };
      return;
    }
    if (created.kind === "stdio") {
      this.log.follow(
        created.transport.stderr,
        `stdio server "${this.name}" (${this.spec.type === "stdio" ? this.spec.command : ""})`,
      );
      created.transport.onspawn = (pid) => this.options.onChildProcess?.(pid, true);
    }
    const client = new Client(this.options.clientInfo);
    client.onerror = (error) =>
      this.options.tracer.trace("mcp-protocol-error", { server: this.name, error: errorMessage(error) });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      this.cancelAttempt = reject;
      timer = setTimeout(
        () => reject(new Error(`timed out after ${this.options.connectTimeoutMs} ms while connecting`)),
        this.options.connectTimeoutMs,
      );
    });
    try {
      const catalog = await Promise.race([this.handshake(client, created), timeout]);
      if (this.state.kind === "closed") {
        await this.shutdown(client, created);
        return;
      }
      const connected: State = { kind: "connected", client, created, catalog };
      this.state = connected;
      client.onclose = () => {
        if (this.state !== connected) return;
        const exit = created.kind === "stdio" ? created.transport.exit : undefined;
        this.markDisconnected(`server closed the connection${this.log.hint(exit)}`);
      };
      this.options.tracer.trace("mcp-connected", {
        server: this.name,
        ms: Date.now() - started,
        tools: catalog.tools.length,
      });
    } catch (error) {
      // How the child ended is read before shutdown(), which would otherwise be the one to end it.
      const exit = created.kind === "stdio" ? created.transport.exit : undefined;
      await this.shutdown(client, created);
      if (this.state.kind === "closed") return;
      const reason = `${describeMcpError(error, this.spec)}${this.log.hint(exit)}`;
      this.state = { kind: "failed", reason };
      this.options.tracer.trace("mcp-failed", { server: this.name, reason });
    } finally {
      clearTimeout(timer);
      this.cancelAttempt = undefined;
    }
  }

  private async handshake(client: Client, created: CreatedTransport): Promise<ServerCatalog> {
    await client.connect(created.transport);
    const capabilities = client.getServerCapabilities() ?? {};
    const tools = capabilities.tools ? (await client.listTools()).tools : [];
    const resources = capabilities.resources
      ? await client.listResources().then((result) => result.resources, this.optionalList("resources/list"))
      : [];
    const prompts = capabilities.prompts
      ? await client.listPrompts().then((result) => result.prompts, this.optionalList("prompts/list"))
      : [];
    return { tools, resources, prompts, offersResources: Boolean(capabilities.resources) };
  }

  private optionalList(method: string) {
    return (error: unknown): never[] => {
      this.options.tracer.trace("mcp-list-failed", { server: this.name, method, error: errorMessage(error) });
      return [];
    };
  }

  private markDisconnected(reason: string): void {
    const previous = this.state;
    this.state = { kind: "disconnected", reason, retried: false };
    this.options.tracer.trace("mcp-disconnected", { server: this.name, reason });
    if (previous.kind === "connected") void this.shutdown(previous.client, previous.created);
  }

  /** Ends the client and, for stdio, the child: SIGTERM first so a stuck server does not hold close(). */
  private async shutdown(client: Client, created: CreatedTransport): Promise<void> {
    client.onclose = undefined;
    const pid = created.kind === "stdio" ? created.transport.spawnedPid : null;
    if (pid !== null && created.kind === "stdio" && created.transport.pid !== null) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await client.close().catch(() => {});
    await created.transport.close().catch(() => {});
    if (pid !== null) this.options.onChildProcess?.(pid, false);
  }
}
