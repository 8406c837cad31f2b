// A counting semaphore: at most `limit` holders at once; waiters are served in order and may give up
// through an AbortSignal.

export class Semaphore {
  private holders = 0;
  private waiters: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Resolves with a release function once a slot is free; rejects when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.holders--;
      this.waiters.shift()?.();
    };
    if (this.holders < this.limit) {
      this.holders++;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.holders++;
        resolve(release);
      };
      const onAbort = () => {
        this.waiters = this.waiters.filter((waiter) => waiter !== grant);
        reject(signal?.reason ?? new Error("aborted"));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(grant);
    });
  }
}
