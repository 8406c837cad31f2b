// Dead large strings (a request body per model call) are freed once V8's large-object space has
// grown by the limit, not when V8 next gets round to a major collection; below it nothing runs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { largeObjectBytes, releaseLargeGarbage } from "../../src/util/large-garbage.js";

const MB = 1024 * 1024;

/** 48 flat strings of 512 KB (each over V8's large-object size), kept alive across young-generation
 *  collections so they end in the old large-object space the way a request body in flight does. */
function bodies(): string[] {
  const kept = Array.from({ length: 48 }, (_, index) =>
    Buffer.alloc(MB / 2, 97 + (index % 20)).toString("latin1"),
  );
  for (let batch = 0; batch < 20 && largeObjectBytes() < 20 * MB; batch++) {
    const churn: unknown[] = [];
    for (let round = 0; round < 100_000; round++) churn.push({ batch, round });
  }
  return kept;
}

describe("releaseLargeGarbage", () => {
  it("collects the dead large strings once the space grew by the limit, and not below it", () => {
    releaseLargeGarbage(0);
    let kept: string[] | undefined = bodies();
    const grown = largeObjectBytes();
    assert.ok(kept.length === 48 && grown >= 16 * MB, `large-object space ${grown} bytes`);
    kept = undefined;
    assert.equal(releaseLargeGarbage(8 * MB), true);
    assert.ok(largeObjectBytes() < grown - 16 * MB, `${largeObjectBytes()} bytes left of ${grown}`);
    assert.equal(releaseLargeGarbage(8 * MB), false, "nothing grew since");
  });
});
