// What goes on beside a session's conversation: background work (background subagents) the session
// waits for and stops, and the news it brings for the model (a background agent finished), delivered
// with the next tool results, before the turn would end, or with the next prompt.

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

export class BesideWork {
  private notes: string[] = [];

  constructor(private readonly background?: BackgroundWork) {}

  get active(): boolean {
    return this.background !== undefined;
  }

  /** Tells the model something at the next opportunity. */
  note(text: string): void {
    this.notes.push(text);
  }

  take(): string[] {
    const taken = this.notes;
    this.notes = [];
    return taken;
  }

  /** When the model wants to end its turn: the news to continue with, if any — in a headless run after
   *  waiting for the background work still running. */
  async beforeEnd(signal: AbortSignal): Promise<string | undefined> {
    const background = this.background;
    if (background?.waitBeforeEnd && background.running() > 0 && this.notes.length === 0)
      await background.settled(signal);
    const news = this.take();
    return news.length > 0 && !signal.aborted ? news.join("\n\n") : undefined;
  }

  stopAll(): void {
    this.background?.stopAll();
  }
}
