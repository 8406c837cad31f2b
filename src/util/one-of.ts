// Narrowing a string to one of a fixed list of names (modes, formats, event names) without a cast:
// the check and the type come from the same list, so they cannot drift apart.

/** True (and `value` typed as one of them) when `value` is in `names`. */
export function isOneOf<Name extends string>(names: readonly Name[], value: string): value is Name {
  return (names as readonly string[]).includes(value);
}
