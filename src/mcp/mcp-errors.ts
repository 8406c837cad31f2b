// Classifies errors thrown by the MCP SDK: connection loss (the server died or the link dropped, so the
// next use reconnects), timeouts, and one-line human descriptions for failure reports.
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { errnoCode, errorMessage } from "../util/index.js";
import type { McpServerSpec } from "./types.js";

export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof SdkError) {
    return (
      error.code === SdkErrorCode.ConnectionClosed ||
      error.code === SdkErrorCode.NotConnected ||
      error.code === SdkErrorCode.SendFailed
    );
  }
  if (error instanceof ProtocolError) return false;
  const text = errorMessage(error);
  return /not connected|connection closed|fetch failed|ECONNREFUSED|ECONNRESET|socket hang up|EPIPE/i.test(
    text,
  );
}

export function isInvalidResult(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.InvalidResult;
}

export function isTimeout(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** One-line reason, with a hint for the common start-up failures. */
export function describeMcpError(error: unknown, spec?: McpServerSpec): string {
  const code = errnoCode(error);
  if (spec?.type === "stdio" && code === "ENOENT") {
    return `command not found: ${spec.command} (check "command" and PATH)`;
  }
  if (spec?.type === "stdio" && code === "EACCES") return `command not executable: ${spec.command}`;
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    return spec?.type === "stdio" ? "server process exited during start-up" : "connection closed";
  }
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const message = errorMessage(error).replace(/\s+/g, " ").trim().slice(0, 500);
  if (cause && /fetch failed/i.test(message)) return `${message}: ${errorMessage(cause)}`;
  return message;
}
