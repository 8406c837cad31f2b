// The Agent SDK control protocol: channel, inbound lines, control requests and their handlers, SDK
// hook callbacks, the stdio prompter and the SDK MCP transport (module entry).

export { type ControlChannel, createControlChannel } from "./channel.js";
export { type ControlTarget, createControlHandlers } from "./control-handlers.js";
export type { ControlRequest } from "./control-request.js";
export { type Inbound, type InboundUser, parseInbound, type UserContentBlock, userText } from "./inbound.js";
export { channelInvoker, sdkHookHandlers } from "./sdk-hooks.js";
export { SdkMcpTransport } from "./sdk-mcp-transport.js";
export { createStdioPrompter } from "./stdio-prompter.js";
