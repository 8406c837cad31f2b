// The session's event stream: one hub that the session, its subagents, the hooks engine, the gate's
// notices and the application's own parts publish to, and that front-ends (REPL, headless printers,
// ACP, the transcript recorder) subscribe to. It exists before the session, so nothing built earlier
// needs a reference to the session to be heard.
import type { SessionEvent } from "./events.js";

type SessionListener = (event: SessionEvent) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  /** Returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
