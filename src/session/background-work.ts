// What the session needs from work that goes on beside the conversation (background subagents): how
// many run, waiting for them, whether a headless run waits before it ends, and stopping them all.

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
