// An MCP server as configuration describes it and the MCP manager connects to it: a stdio command,
// a remote URL (http or sse), or a server inside the program driving reagent (the Agent SDKs'
// `createSdkMcpServer`, reached through the control channel).

export type McpStdioServerSpec = {
  type: "stdio";
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
};

export type McpRemoteServerSpec = { type: "http" | "sse"; url: string; headers: Record<string, string> };

export type McpSdkServerSpec = { type: "sdk"; name: string };

export type McpServerSpec = McpStdioServerSpec | McpRemoteServerSpec | McpSdkServerSpec;

export type McpTransportKind = McpServerSpec["type"];
