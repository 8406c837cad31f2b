// Types shared by the MCP client modules: the server specs the manager accepts (structurally the same
// as what src/config/mcp-config.ts produces, so the CLI passes one to the other), status and failure
// reports, and the prompt/resource shapes exposed to the UI.

import type {
  Containment,
  McpTransportKind,
  ProcessLauncher,
  McpServerSpec as ServerSpec,
} from "../contracts/index.js";

export type {
  McpRemoteServerSpec,
  McpSdkServerSpec,
  McpStdioServerSpec,
  McpTransportKind,
} from "../contracts/index.js";

/** A server to connect, with where it was configured (a file path), when known. */
export type McpServerSpec = ServerSpec & { source?: string };

/** How stdio server processes start: the launcher, and per server its containment (a folder's own
 *  servers run in the sandbox when it is on) and whether its configured `env` passes the filter. */
export type McpProcesses = {
  launcher: ProcessLauncher;
  placement(spec: McpServerSpec): { containment: Containment; passConfiguredEnv: boolean };
};

/** One line of `reagent mcp list`. */
export type McpServerStatus = {
  name: string;
  transport: McpTransportKind;
  /** Where the server was configured (file path), when known. */
  source?: string;
  state:
    | { kind: "pending" }
    | { kind: "connected"; tools: number; resources: number; prompts: number }
    | { kind: "failed"; reason: string }
    | { kind: "disconnected"; reason: string }
    | { kind: "closed" };
};

/** A server that could not connect: reported in one line (name and reason), the others keep working. */
export type McpServerFailure = { server: string; reason: string };

export type McpPromptArgument = { name: string; description?: string; required: boolean };

export type McpPromptInfo = {
  server: string;
  name: string;
  /** The slash-command form, `server:prompt`. */
  command: string;
  description?: string;
  arguments: McpPromptArgument[];
};

export type McpResourceInfo = {
  server: string;
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
};

export type McpPromptExpansion =
  | { ok: true; text: string }
  | {
      ok: false;
      code: "mcp_unknown_server" | "mcp_unknown_prompt" | "mcp_prompt_args" | string;
      message: string;
    };

export type McpResourceAttachment = { server: string; uri: string; text: string };

export type McpAttachResult = {
  /** The attachments rendered as one text block to add to the prompt ("" when there are none). */
  text: string;
  attachments: McpResourceAttachment[];
  /** One clear message per mention that could not be resolved (unknown server, unknown uri, read error). */
  errors: string[];
};
