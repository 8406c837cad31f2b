// The Semaphore that caps parallel subagents: order of service, a waiter giving up through its
// AbortSignal (it must not take a slot later), and a release called twice freeing one slot only.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Semaphore } from "../../src/util/semaphore.js";

test("waiters are served in order; an aborted waiter leaves the queue and never holds a slot", async () => {
  const semaphore = new Semaphore(1);
  const first = await semaphore.acquire();
  const order: string[] = [];
  const controller = new AbortController();
  const gaveUp = semaphore.acquire(controller.signal).then(
    () => order.push("aborted waiter got a slot"),
    (error: unknown) => order.push(`gave up: ${(error as Error).message}`),
  );
  const second = semaphore.acquire().then((release) => {
    order.push("second");
    return release;
  });
  controller.abort(new Error("stopped"));
  await gaveUp;
  first();
  // A waiter that kept its place after aborting would take the freed slot and starve `second`.
  const settled = new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)));
  const releaseSecond = await Promise.race([second, settled]);
  assert.deepEqual(order, ["gave up: stopped", "second"]);
  assert.ok(releaseSecond, "the freed slot went to the next live waiter");
  releaseSecond();
  const again = await semaphore.acquire();
  again();
});

test("an already aborted signal rejects at once when no slot is free", async () => {
  const semaphore = new Semaphore(1);
  await semaphore.acquire();
  await assert.rejects(semaphore.acquire(AbortSignal.abort(new Error("late"))), /late/);
});

test("release twice frees one slot, not two", async () => {
  const semaphore = new Semaphore(1);
  const release = await semaphore.acquire();
  release();
  release();
  await semaphore.acquire();
  let third = false;
  void semaphore.acquire().then(() => {
    third = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(third, false, "the one slot is taken; a second holder must wait");
});
