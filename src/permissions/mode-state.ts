// The session's permission mode now. The gate decides by it; hook payloads carry it; front-ends show it
// and hear when it changes (the REPL's status line, an editor's current mode). It exists before the gate
// and the hooks engine, which both read it.
import type { PermissionMode } from "../contracts/index.js";

export class PermissionModeState {
  private readonly listeners = new Set<(mode: PermissionMode) => void>();

  constructor(private mode: PermissionMode) {}

  get current(): PermissionMode {
    return this.mode;
  }

  set(next: PermissionMode): void {
    if (next === this.mode) return;
    this.mode = next;
    for (const listener of this.listeners) listener(next);
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: (mode: PermissionMode) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
