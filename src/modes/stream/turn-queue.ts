// The user messages of a stream-json run waiting for their turn, in the order they arrived. The
// worker takes them one at a time and waits while none is queued, until stdin has ended.
import type { InboundUser } from "../../control/index.js";

export type TurnQueue = ReturnType<typeof createTurnQueue>;

export function createTurnQueue() {
  const queue: InboundUser[] = [];
  let inputEnded = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(message: InboundUser): void {
      queue.push(message);
      notify();
    },
    /** stdin ended: once the queue is empty, next() resolves with undefined. */
    end(): void {
      inputEnded = true;
      notify();
    },
    /** Drops every waiting message (Ctrl-C). */
    clear(): void {
      queue.length = 0;
    },
    get size(): number {
      return queue.length;
    },
    /** uuids of the waiting messages that carry one. */
    waitingIds: (): string[] =>
      queue.map((message) => message.uuid).filter((id): id is string => id !== undefined),
    /** The next message, waiting for one; undefined when stdin has ended and none is left. */
    async next(): Promise<InboundUser | undefined> {
      for (;;) {
        const next = queue.shift();
        if (next) return next;
        if (inputEnded) return undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
