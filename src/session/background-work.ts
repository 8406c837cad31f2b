// What goes on beside a session's conversation: background work (background subagents) the session
// waits for and stops, and the news it brings for the model (a background agent finished), delivered
// with the next tool results, before the turn would end, or with the next prompt. The inbox exists
// before the session (the subagents that fill it are built first).

/** Background work the session waits for, stops and reports on; the subagents manager implements it. */
export interface BackgroundWork {
  /** How many are still running. */
  running(): number;
  /** Resolves when none is running any more (or `signal` aborts). */
  settled(signal: AbortSignal): Promise<void>;
  /** Headless runs wait for background work before they end, so that its results are used. */
  readonly waitBeforeEnd: boolean;
  stopAll(): void;
}

/** News for the model, waiting for the next opportunity to be said. */
export class NewsInbox {
  private notes: string[] = [];

  note(text: string): void {
    this.notes.push(text);
  }

  get waiting(): boolean {
    return this.notes.length > 0;
  }

  take(): string[] {
    const taken = this.notes;
    this.notes = [];
    return taken;
  }
}

/** When the model wants to end its turn: the news to continue with, if any — in a headless run after
 *  waiting for the background work still running. */
export async function newsBeforeEnd(
  news: NewsInbox,
  background: BackgroundWork | undefined,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (background?.waitBeforeEnd && background.running() > 0 && !news.waiting)
    await background.settled(signal);
  const taken = news.take();
  return taken.length > 0 && !signal.aborted ? taken.join("\n\n") : undefined;
}
