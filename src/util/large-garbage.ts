// Keeps reagent's heap small over a long session. Dead large strings are freed sooner: each model
// request body is a string the size of the whole conversation, and V8 keeps such strings in its
// large-object space until a major collection, which it runs only once the old generation has grown
// by tens of MB (in a 500-call session those dead bodies were once most of the peak RSS: 168 MB with
// 12–16 MB live). When a model response starts (earlier bodies are garbage; the model is still
// answering, so the loop would wait anyway), a full collection runs once the large-object space has
// grown by LARGE_GARBAGE_LIMIT since the last one (~15 ms each; a 16 MB limit instead of 4 MB: peak
// 136 MB instead of 105), or the old space by OLD_GARBAGE_LIMIT: once bodies were written part by
// part, large strings no longer forced those collections, and the old space's dead objects took
// their place (42 MB of old space at the peak, 105 MB RSS, against 90 MB with the old limit). Where
// no collector can be had (the flag is refused), nothing happens. And the young generation is capped
// (capYoungGeneration, below). node:v8 loads on first use (~2 ms), after the first response rather
// than before the first request.
import { createRequire } from "node:module";

type V8 = typeof import("node:v8");
type Vm = typeof import("node:vm");
const load = createRequire(import.meta.url);
let v8Module: V8 | undefined;
const v8 = (): V8 => {
  v8Module ??= load("node:v8") as V8;
  return v8Module;
};

/** Growth of the large-object space (bytes) that triggers a collection. */
const LARGE_GARBAGE_LIMIT = 4 * 1024 * 1024;

let collector: (() => void) | null | undefined;
let afterLast = 0;

function collectorFunction(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    // The flag gives contexts made from now on a `gc` function; the main context stays as it was.
    v8().setFlagsFromString("--expose-gc");
    const gc: unknown = (load("node:vm") as Vm).runInNewContext("typeof gc === 'function' ? gc : null");
    collector = typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

/** Bytes V8's (old) large-object space holds, live and dead. */
export function largeObjectBytes(): number {
  return spaceBytes().large;
}

/** The large-object space's size, the old space's used bytes (live and dead objects) and the young
 *  generation's size (both semi-spaces), from one look at the heap. */
type SpaceBytes = { large: number; old: number; young: number };

function spaceBytes(): SpaceBytes {
  const bytes = { large: 0, old: 0, young: 0 };
  for (const space of v8().getHeapSpaceStatistics())
    if (space.space_name === "large_object_space") bytes.large = space.space_size;
    else if (space.space_name === "old_space") bytes.old = space.space_used_size;
    else if (space.space_name === "new_space") bytes.young = space.space_size;
  return bytes;
}

/** What the loop runs when a model response starts (the model is still answering, so the loop would
 *  wait anyway): both of the below, from one look at the heap. */
export function tendHeap(): void {
  const now = spaceBytes();
  releaseLargeGarbage(LARGE_GARBAGE_LIMIT, OLD_GARBAGE_LIMIT, now);
  capYoungGeneration(now);
}

/** Size (bytes) of both semi-spaces of the young generation past which it stops growing. V8's own
 *  maximum (64-bit) is 32 MB, which a session reaches within its first calls; a quarter of it took
 *  peak RSS of the 500-call bench session from ~118 MB to ~94 MB, per-call time unchanged. */
export const YOUNG_GENERATION_CAP = 8 * 1024 * 1024;

let youngCap: number | null = YOUNG_GENERATION_CAP;

/** The cap capYoungGeneration() applies; null leaves the young generation to V8 (the CLI passes
 *  null when node was started with a flag that sizes it: the person's choice wins). */
export function setYoungGenerationCap(cap: number | null): void {
  youngCap = cap;
}

/** V8 majors known to have the growth-factor flag (another V8 would print "unrecognized flag"). */
const GROWTH_FLAG_V8 = /^1[1-4]\./;

/** Stops the young generation from growing once it holds the cap; true when this call capped it. V8
 *  doubles the young generation while objects survive its scavenges, up to a maximum fixed at
 *  start-up (`--max-semi-space-size`, which has no runtime setting); it reads the growth factor at
 *  each doubling, so a factor of 1 from then on keeps the size reached. (The start-up flag is
 *  clamped to at least 2; the runtime setting is not.) Called when a model response starts. */
function capYoungGeneration(now: SpaceBytes): boolean {
  if (youngCap === null || !GROWTH_FLAG_V8.test(process.versions.v8) || now.young < youngCap) return false;
  v8().setFlagsFromString("--semi-space-growth-factor=1");
  youngCap = null;
  return true;
}

/** Growth of the old space's used bytes (bytes) that triggers a collection. */
const OLD_GARBAGE_LIMIT = 12 * 1024 * 1024;

/** The old space's used bytes after the last full collection (ours, or V8's when it ran one). */
let oldAfterLast: number | undefined;

/** Runs a full collection when the large-object space grew by `limit` or the old space by
 *  `oldLimit` since the last one; true when one ran. Objects that outlive the young generation and
 *  die later (a turn's tool results, stream state) pile up in the old space, which V8 collects
 *  only once it has grown by a multiple of what was live. */
export function releaseLargeGarbage(
  limit = LARGE_GARBAGE_LIMIT,
  oldLimit = OLD_GARBAGE_LIMIT,
  now = spaceBytes(),
): boolean {
  if (oldAfterLast === undefined || now.old < oldAfterLast) oldAfterLast = now.old;
  if (now.large - afterLast < limit && now.old - oldAfterLast < oldLimit) return false;
  const gc = collectorFunction();
  if (!gc) return false;
  gc();
  const after = spaceBytes();
  afterLast = after.large;
  oldAfterLast = after.old;
  return true;
}
