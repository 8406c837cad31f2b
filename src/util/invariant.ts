// Checks for states the code rules out by construction. Reaching one is a bug in reagent, not a user error,
// so the message says which promise was broken instead of surfacing later as "cannot read properties of undefined".

/** Thrown when an internal invariant does not hold (a bug in reagent, never a usage or environment problem). */
export class InternalError extends Error {
  override readonly name = "InternalError";
}

/** Returns `value`, or throws an InternalError naming `invariant` (what should have made it present). */
export function present<T>(value: T | undefined, invariant: string): T {
  if (value === undefined) throw new InternalError(`internal error: ${invariant}`);
  return value;
}
