// Identifier helpers.
import { randomUUID } from "node:crypto";

export function newSessionId(): string {
  return randomUUID();
}

export function newToolUseId(prefix = "toolu"): string {
  return `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
}
