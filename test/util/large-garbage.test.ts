// Dead large strings (a request body per model call) are freed once V8's large-object space has
// grown by the limit, and dead objects of the old space once it has grown by the old limit, not when
// V8 next gets round to a major collection; below the limits nothing runs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import v8 from "node:v8";
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

  it("collects the old space's dead objects once it grew by the old limit, and not below it", () => {
    const oldUsed = () =>
      v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space")?.space_used_size ?? 0;
    releaseLargeGarbage(0);
    const before = oldUsed();
    // Small objects kept across young-generation collections end in the old space, then die.
    let kept: Array<{ index: number; text: string }> | undefined = [];
    for (let index = 0; index < 400_000; index++) kept.push({ index, text: `item ${index}` });
    for (let round = 0; round < 20 && oldUsed() - before < 24 * MB; round++) {
      const churn: unknown[] = [];
      for (let index = 0; index < 100_000; index++) churn.push({ round, index });
    }
    const grown = oldUsed();
    assert.ok(kept.length > 0 && grown - before >= 20 * MB, `old space grew by ${(grown - before) / MB} MB`);
    kept = undefined;
    const largeLimit = 1024 * MB;
    assert.equal(releaseLargeGarbage(largeLimit, grown - before + 64 * MB), false, "below the old limit");
    assert.equal(releaseLargeGarbage(largeLimit, 8 * MB), true);
    assert.ok(oldUsed() < grown - 16 * MB, `${oldUsed() / MB} MB used of ${grown / MB} MB`);
    assert.equal(releaseLargeGarbage(largeLimit, 8 * MB), false, "nothing grew since");
  });
});
